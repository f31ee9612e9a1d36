import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { AuthService } from '../../application/organizations/auth-service.js';
import type { ProjectionRunner } from '../../application/projections/projection-runner.js';
import type { Locale } from '../../domain/organizations/events.js';
import { negotiateLocale } from './i18n.js';
import { errorResponse, HttpError, internalError } from './errors.js';
import { IdempotencyKeys, type StoredResponse } from './idempotency.js';
import { type Route, type RouteContext, type RouteResult } from './route.js';
import { RouteTable } from './route-table.js';
import { validate } from './validation.js';
import { buildOpenApi } from './openapi.js';

export interface HttpDependencies {
  routes: readonly Route[];
  auth: AuthService;
  idempotency: IdempotencyKeys;
  projections: ProjectionRunner;
  logger: Logger;
  readYourWritesTimeoutMs: number;
}

/**
 * The API: for every route, in order, authentication, the permission check
 * for the module in X-Module, schema validation, idempotency, the handler,
 * then a bounded wait until the read models have applied the command's
 * events, so a list fetched right after a command already shows it.
 */
export function createHttpApp(deps: HttpDependencies): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  app.set('etag', false);
  app.use(helmet({ contentSecurityPolicy: false }));
  const api = express.Router();
  api.use(express.json({ limit: '1mb' }));

  const openapi = buildOpenApi(deps.routes);
  api.get('/openapi.json', (_req, res) => {
    res.json(openapi);
  });
  // One lookup per request rather than Express's walk over every route (see RouteTable).
  const table = new RouteTable(deps.routes);
  api.use((req, res, next) => {
    const found = table.match(req.method, req.path);
    if (!found) {
      next();
      return;
    }
    req.params = found.params;
    void handle(deps, found.route, req, res);
  });
  api.use((req, res) => {
    const locale = negotiateLocale(req.header('accept-language'));
    const response = errorResponse(new HttpError('NOT_FOUND', { path: req.path }), locale);
    res.status(404).json(response?.body);
  });
  // Malformed JSON and other errors raised before a route runs.
  api.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const locale = negotiateLocale(req.header('accept-language'));
    if ((error as { type?: string }).type === 'entity.parse.failed') {
      res.status(400).json(errorResponse(new HttpError('REQUEST_BODY_INVALID'), locale)?.body);
      return;
    }
    const correlationId = randomUUID();
    deps.logger.error({ err: error, correlationId }, 'request failed before routing');
    const failure = internalError(locale, correlationId);
    res.status(failure.status).json(failure.body);
  });
  app.use('/api', api);
  return app;
}

async function handle(deps: HttpDependencies, route: Route, req: Request, res: Response): Promise<void> {
  const correlationId = req.header('x-correlation-id') || randomUUID();
  let locale: Locale = negotiateLocale(req.header('accept-language'));
  res.setHeader('X-Correlation-Id', correlationId);
  const started = process.hrtime.bigint();
  let idempotency: { scope: string; key: string; hash: string } | null = null;
  try {
    const context = await buildContext(deps, route, req, correlationId, locale);
    locale = context.locale;
    const key = route.idempotent ? req.header('idempotency-key') : undefined;
    if (key) {
      // Per tenant, and per user inside it, so one user never receives another's stored answer.
      const scope = `${context.principal?.accountId ?? 'platform'}:${context.principal?.userId ?? 'anonymous'}`;
      const hash = IdempotencyKeys.requestHash(req.method, req.originalUrl, req.body ?? null);
      const replay = await deps.idempotency.begin(scope, key, hash);
      if (replay) {
        send(res, { ...replay, headers: { ...replay.headers, 'Idempotent-Replayed': 'true' } });
        return;
      }
      idempotency = { scope, key, hash };
    }
    const result = await route.handler(context);
    if (result.position) await deps.projections.waitFor(result.position, deps.readYourWritesTimeoutMs);
    const stored = toStored(result);
    if (idempotency) await deps.idempotency.finish(idempotency.scope, idempotency.key, idempotency.hash, stored);
    if (result.raw) {
      res.status(stored.status).set(result.headers ?? {}).type(result.raw.contentType).send(result.raw.data);
    } else {
      send(res, stored);
    }
  } catch (error) {
    const known = errorResponse(error, locale);
    const failure = known ?? internalError(locale, correlationId);
    if (!known) deps.logger.error({ err: error, correlationId, route: route.operationId }, 'request failed');
    if (idempotency) {
      await deps.idempotency
        .finish(idempotency.scope, idempotency.key, idempotency.hash, { status: failure.status, body: failure.body, headers: {} })
        .catch((e: unknown) => deps.logger.error({ err: e }, 'idempotency record failed'));
    }
    res.status(failure.status).json(failure.body);
  } finally {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    deps.logger.debug({ route: route.operationId, status: res.statusCode, ms, correlationId }, 'request');
  }
}

async function buildContext(
  deps: HttpDependencies,
  route: Route,
  req: Request,
  correlationId: string,
  locale: Locale,
): Promise<RouteContext> {
  const token = bearerToken(req);
  let principal: RouteContext['principal'] = null;
  let user: RouteContext['user'] = null;
  if (route.access.kind === 'authenticated') {
    if (!token) throw new HttpError('AUTH_REQUIRED');
    ({ principal, user } = await deps.auth.authenticate(token, req.header('x-module') || undefined));
    if (principal.kind === 'anonymous' && !route.access.anonymous) throw new HttpError('ACCESS_DENIED');
    if (route.access.permission && !principal.permissions.has(route.access.permission)) {
      throw new HttpError('ACCESS_DENIED', { permission: route.access.permission });
    }
  }
  const effectiveLocale = req.header('accept-language') ? locale : (user?.locale ?? locale);

  const params = { ...req.params } as Record<string, string>;
  const query = { ...(req.query as Record<string, unknown>) };
  const fields = [
    ...(route.params ? validate(route.params, params, true, 'params') : []),
    ...(route.query ? validate(route.query, query, true, 'query') : []),
    ...(route.body ? validate(route.body, req.body ?? {}, false, 'body') : []),
  ];
  if (fields.length > 0) throw new HttpError('VALIDATION_FAILED', { fields });

  return {
    params,
    query,
    body: req.body ?? {},
    principal,
    user,
    locale: effectiveLocale,
    correlationId,
    expectedRevision: route.conditional ? parseIfMatch(req.header('if-match')) : undefined,
    token,
    request: req,
  };
}

function bearerToken(req: Request): string | null {
  const header = req.header('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** `W/"3"` or `"3"` → 3. A malformed value can never match: 412. */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (!header || header.trim() === '*') return undefined;
  const match = /^(?:W\/)?"(\d+)"$/.exec(header.trim());
  if (!match) throw new HttpError('PRECONDITION_FAILED', { ifMatch: header });
  return Number(match[1]);
}

export function etagOf(revision: number): string {
  return `W/"${revision}"`;
}

function toStored(result: RouteResult): StoredResponse {
  return { status: result.status ?? 200, body: result.body ?? null, headers: result.headers ?? {} };
}

function send(res: Response, response: StoredResponse): void {
  res.status(response.status).set(response.headers);
  if (response.status === 204 || response.body === null) res.end();
  else res.json(response.body);
}
