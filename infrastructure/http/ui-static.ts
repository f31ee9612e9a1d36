import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import express, { type Request, type Response } from 'express';

/**
 * The two single-page applications built by Vite into `uiDir`: the dashboard
 * under /dashboard/, the storefront everywhere else. Hashed assets are cached
 * for a year; the HTML entry points are never cached, so a deploy is picked up
 * on the next load. Responses are compressed.
 */
export function uiStatic(uiDir: string): express.Router {
  const router = express.Router();
  router.use(compression());
  const built = existsSync(join(uiDir, 'index.html'));
  if (!built) {
    router.get(/^(?!\/api(\/|$)).*/, (_req, res) => {
      res
        .status(503)
        .type('text/plain')
        .send(`The storefront and dashboard are not built (${uiDir} has no index.html). Run "npm run build:ui", or "npm start", which builds them.`);
    });
    return router;
  }
  router.use(
    '/assets',
    express.static(join(uiDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  router.use(express.static(uiDir, { index: false, maxAge: '1h' }));
  const page = (file: string) => (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    res.sendFile(join(uiDir, file));
  };
  router.get(/^\/dashboard(\/.*)?$/, page('dashboard/index.html'));
  router.get(/^(?!\/api(\/|$)).*/, page('index.html'));
  return router;
}

/** Emotion (Chakra UI) writes style elements at run time, hence 'unsafe-inline' for styles only. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');
