import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import compression from 'compression';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** The variants the UI build writes beside each text file (ui/build/precompress.ts), in the order the server prefers them. */
const PRECOMPRESSED = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

type Variant = (typeof PRECOMPRESSED)[number];
type SendFileOptions = Parameters<Response['sendFile']>[1];

const ASSETS = { immutable: true, maxAge: '365d' } as const;
const OTHER_FILES = { maxAge: '1h' } as const;

/**
 * The two single-page applications built by Vite into `uiDir`: the dashboard
 * under /dashboard/, the storefront everywhere else. Hashed assets are cached
 * for a year; the HTML entry points are never cached, so a deploy is picked up
 * on the next load. A file the build precompressed (`x.js.br`, `x.js.gz`) is
 * sent as such to a browser that accepts the encoding, brotli first; anything
 * else is compressed on the fly.
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
  const assets = join(uiDir, 'assets');
  router.use('/assets', precompressedFiles(assets, ASSETS));
  router.use('/assets', express.static(assets, { ...ASSETS, index: false, fallthrough: false }));
  router.use(precompressedFiles(uiDir, OTHER_FILES));
  router.use(express.static(uiDir, { ...OTHER_FILES, index: false }));
  const page = (file: string) => (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    const path = join(uiDir, file);
    sendPrecompressed(req, res, next, path, {}).then((sent) => {
      if (!sent) res.sendFile(path);
    }, next);
  };
  router.get(/^\/dashboard(\/.*)?$/, page('dashboard/index.html'));
  router.get(/^(?!\/api(\/|$)).*/, page('index.html'));
  return router;
}

/** Serves the precompressed variant of the requested file under `root` when there is one the browser accepts; otherwise passes on. */
function precompressedFiles(root: string, options: SendFileOptions): RequestHandler {
  const base = resolve(root);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = resolve(base, `.${path}`);
    if (path.includes('\0') || !file.startsWith(base + sep)) return next();
    sendPrecompressed(req, res, next, file, options).then((sent) => {
      if (!sent) next();
    }, next);
  };
}

/**
 * Sends `file`'s best precompressed variant that the request accepts, with the
 * original's Content-Type; answers false (nothing sent) when there is none.
 * Whenever a variant exists, the answer varies with Accept-Encoding, whichever
 * representation is finally sent.
 */
async function sendPrecompressed(req: Request, res: Response, next: NextFunction, file: string, options: SendFileOptions): Promise<boolean> {
  const existing = (await Promise.all(PRECOMPRESSED.map(async (variant) => ((await isFile(file + variant.extension)) ? variant : null)))).filter(
    (variant): variant is Variant => variant !== null,
  );
  if (existing.length === 0) return false;
  res.vary('Accept-Encoding');
  const chosen = existing.find(({ encoding }) => req.acceptsEncodings(encoding) === encoding);
  if (!chosen) return false;
  res.setHeader('Content-Encoding', chosen.encoding);
  res.type(extname(file));
  res.sendFile(file + chosen.extension, options, (error) => {
    if (error && !res.headersSent) {
      res.removeHeader('Content-Encoding');
      next(error);
    }
  });
  return true;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
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
