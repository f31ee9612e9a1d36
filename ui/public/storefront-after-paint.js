/* global document, window, PerformanceObserver, setTimeout */
// A server-rendered storefront page paints from its HTML and stylesheet alone; its scripts only make it
// interactive (hydration). They are asked for once the page has painted, so that on a slow connection they
// do not share its bandwidth with what the visitor sees first (infrastructure/http/storefront-render.ts).
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var preloads = (script.getAttribute('data-preloads') || '').split(' ').filter(Boolean);
  function element(href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    return link;
  }
  // The files one at a time, each in a task of its own: asking for one costs the main thread a few milliseconds
  // (a phone's 20 ms for all of them at once, a long task); the entry, which asks for them too, last.
  function start() {
    var next = preloads.shift();
    if (next) {
      document.head.appendChild(element(next));
      return setTimeout(start, 0);
    }
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  var started = false;
  function once() {
    if (started) return;
    started = true;
    start();
  }
  // Once the browser reports the first paint; at once in a background tab (it paints nothing there) or a browser
  // that reports no paints, and after 3 s whatever happens.
  if (document.visibilityState === 'hidden' || !window.PerformanceObserver || PerformanceObserver.supportedEntryTypes.indexOf('paint') < 0) return once();
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(once, 0);
  }).observe({ type: 'paint', buffered: true });
  setTimeout(once, 3000);
})();
