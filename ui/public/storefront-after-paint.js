/* global document, window, PerformanceObserver, setTimeout */
// A server-rendered storefront page paints from its HTML and stylesheet alone; its scripts only make it
// interactive (hydration). They are asked for once the page has painted, so that on a slow connection they
// do not share its bandwidth with what the visitor sees first (infrastructure/http/storefront-render.ts).
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var preloads = (script.getAttribute('data-preloads') || '').split(' ').filter(Boolean);
  function start() {
    // One insertion for all the files (each element inserted on its own costs a style and layout pass).
    var fragment = document.createDocumentFragment();
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      fragment.appendChild(link);
    });
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    fragment.appendChild(module);
    document.head.appendChild(fragment);
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
