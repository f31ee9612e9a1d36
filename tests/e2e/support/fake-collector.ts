/**
 * The browser tests' tag manager and collector: the platform under test loads
 * its tag manager from here (TAG_MANAGER_URL, playwright.config.ts). GET
 * /gtm.js answers a small script that, like a container with a page-view
 * tag, sends each `page_view` the storefront pushes on its dataLayer to POST
 * /collect; GET /page-views?id=<container> lists the paths counted for that
 * container id, and how many times the script itself was fetched. Each test
 * uses its own container id, so tests running at once never count each
 * other's views. Listens on 127.0.0.1 only.
 */
import { createServer } from 'node:http';

const port = Number(process.env.E2E_COLLECTOR_PORT ?? 3197);
const views = new Map<string, string[]>();
const scriptLoads = new Map<string, number>();

const script = (origin: string, id: string) => `(function () {
  var layer = (window.dataLayer = window.dataLayer || []);
  function send(entry) {
    if (!entry || entry.event !== 'page_view') return;
    fetch(${JSON.stringify(`${origin}/collect`)}, { method: 'POST', body: JSON.stringify({ id: ${JSON.stringify(id)}, path: entry.page_path }), keepalive: true });
  }
  layer.forEach(send);
  var push = layer.push;
  layer.push = function () {
    for (var i = 0; i < arguments.length; i++) send(arguments[i]);
    return push.apply(layer, arguments);
  };
})();
`;

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Cache-Control', 'no-store');
  const id = url.searchParams.get('id') ?? '';
  if (request.method === 'GET' && url.pathname === '/gtm.js') {
    scriptLoads.set(id, (scriptLoads.get(id) ?? 0) + 1);
    response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script(url.origin, id));
    return;
  }
  if (request.method === 'POST' && url.pathname === '/collect') {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) request.destroy();
    });
    request.on('end', () => {
      try {
        const view = JSON.parse(body) as { id?: unknown; path?: unknown };
        if (typeof view.id === 'string' && typeof view.path === 'string') views.set(view.id, [...(views.get(view.id) ?? []), view.path]);
        response.writeHead(204).end();
      } catch {
        response.writeHead(400).end();
      }
    });
    return;
  }
  if (request.method === 'GET' && url.pathname === '/page-views') {
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ paths: views.get(id) ?? [], scriptLoads: scriptLoads.get(id) ?? 0 }));
    return;
  }
  if (request.method === 'GET' && url.pathname === '/health') return void response.writeHead(200).end('ok');
  response.writeHead(404).end();
});
server.listen(port, '127.0.0.1', () => console.log(`fake tag manager and collector on ${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
