import type { Server } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { AuthService } from '../../application/organizations/auth-service.js';
import type { Locale } from '../../domain/organizations/events.js';
import { negotiateLocale } from './i18n.js';
import { HttpError, type ErrorPresenter } from './errors.js';
import { IdempotencyKeys, type StoredResponse } from './idempotency.js';
import { type Route, type RouteContext, type RouteResult, type SignedBodyCheck } from './route.js';
import { RouteTable } from './route-table.js';
import { validate, MAX_REPORTED_PROBLEMS, type SchemaFieldError } from './validation.js';
import { buildOpenApi } from './openapi.js';
import { answerClientErrors } from './client-errors.js';
import { parseIfMatch } from './etag.js';
import { isStream, stream, withFirstChunkRead } from './streamed-answer.js';
import { renderClientAddress } from './render-client.js';
import { accessLog, correlationIdOf, noteAnsweredRoute } from '../observability/access-log.js';
import type { PlatformMetrics } from '../observability/metrics.js';

export interface HttpDependencies {
  routes: readonly Route[];
  auth: AuthService;
  idempotency: IdempotencyKeys;
  /** Waits until the read models (and the process managers' follow-ups) reach a command's events. */
  projections: { waitFor(position: number, timeoutMs: number): Promise<boolean> };
  errors: ErrorPresenter;
  /** Every error code, for the document's Error schema. */
  errorCodes: readonly string[];
  logger: Logger;
  /** Request, command and throttle counts, fed by the access log (observability/). */
  metrics: PlatformMetrics;
  readYourWritesTimeoutMs: number;
  /** Express's `trust proxy`: how the client's address (throttles) is read behind a proxy. */
  trustProxy?: number | false;
  /** Before a route reads anything: the reference cache learns of the other processes' writes (reference-cache/change-marks.ts). */
  freshReferences?: () => Promise<void>;
}

/** The largest request body the API reads; past it: 413. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Idempotency-Key and X-Correlation-Id: printable ASCII, at most this long. */
export const MAX_TOKEN_HEADER_LENGTH = 255;
const PRINTABLE = /^[\x21-\x7e]+$/;
/** The Content-Encodings of a body the API reads. */
const READ_ENCODINGS = new Set(['identity', 'gzip', 'deflate']);

/**
 * The API: for every route, in order, authentication, the permission check
 * for the module in X-Module, schema validation, idempotency, the handler,
 * then a bounded wait until the read models have applied the command's
 * events, so a list fetched right after a command already shows it.
 */
export function createHttpApp(deps: HttpDependencies): express.Express {
  const app = express();
  app.disable('x-powered-by');
  answerClientErrorsOnListen(app, deps.errors);
  app.set('query parser', 'extended');
  app.set('etag', false);
  app.set('trust proxy', deps.trustProxy ?? false);
  // A storefront render's call to the API counts as the visitor it renders for (render-client.ts), for the throttles.
  app.use(renderClientAddress());
  app.use(helmet({ contentSecurityPolicy: false }));
  const api = express.Router();
  // One access-log line per API request, once answered (observability/access-log.ts); it also gives the correlation id.
  api.use(accessLog(deps.logger, deps.metrics));
  // One lookup per request rather than Express's walk over every route (see RouteTable).
  const table = new RouteTable(deps.routes);
  /** A route whose body is signed by its sender (route.ts SignedBodyCheck): read raw, whatever its type, and checked before it is parsed. */
  const signed = (req: Request) => table.match(req.method, req.path)?.route.signedBody !== undefined;
  /** A route receiving a file (route.ts UploadSpec): its media types and limit. */
  const uploadOf = (req: Request) => table.match(req.method, req.path)?.route.upload;
  const mediaAccepted = (req: Request) => {
    const upload = uploadOf(req);
    // A PATCH may say its JSON is a merge-patch (RFC 7396: what it names changes, null empties a field), as the specification's clients send it.
    const json = req.is('application/json') || (req.method === 'PATCH' && req.is('application/merge-patch+json'));
    return upload ? Boolean(req.is([...upload.contentTypes])) : signed(req) || Boolean(json);
  };
  // A body is JSON (or an upload route's file), plain or gzip/deflate (inflated under the same limit: a bomb stops at 1 MB); anything else
  // answers 415 before it is read (body-parser would inflate br and zstd too, and skip other types, leaving the route an empty body).
  api.use((req, _res, next) => {
    const encoding = (req.header('content-encoding') ?? 'identity').toLowerCase();
    const refusal = !carriesBody(req) ? null : !mediaAccepted(req) ? 'media.unsupported' : READ_ENCODINGS.has(encoding) ? null : 'encoding.unsupported';
    next(refusal ? Object.assign(new Error(refusal), { type: refusal }) : undefined);
  });
  // A signed body (the carriers' reports) is kept as the bytes that were signed, under the same limit; JSON is parsed after its signature (readSignedBody).
  const readRaw = express.raw({ type: () => true, limit: MAX_BODY_BYTES, inflate: true });
  api.use((req, res, next) => (signed(req) ? readRaw(req, res, next) : next()));
  // An upload route's file is kept as its bytes, under the route's own limit.
  const readUpload = new Map<number, ReturnType<typeof express.raw>>();
  api.use((req, res, next) => {
    const upload = uploadOf(req);
    if (!upload) return next();
    if (!readUpload.has(upload.maxBytes)) readUpload.set(upload.maxBytes, express.raw({ type: () => true, limit: upload.maxBytes, inflate: true }));
    return readUpload.get(upload.maxBytes)!(req, res, next);
  });
  api.use(express.json({ limit: MAX_BODY_BYTES, inflate: true, type: ['application/json', 'application/merge-patch+json'] }));

  const openapi = buildOpenApi(deps.routes, deps.errorCodes);
  api.get('/openapi.json', (_req, res) => {
    res.json(openapi);
  });
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
    const allowed = /^\/openapi\.json\/?$/i.test(req.path) ? ['GET', 'HEAD'] : table.allowedMethods(req.path);
    if (allowed.length > 0) {
      // A known path asked with another method: 405, saying which methods it answers.
      const failure = deps.errors.http('METHOD_NOT_ALLOWED', locale, { method: req.method, allowed });
      sendError(res.set('Allow', allowed.join(', ')), failure, locale);
      return;
    }
    sendError(res, deps.errors.http('NOT_FOUND', locale, { path: req.path.slice(0, 200) }), locale);
  });
  // Malformed, oversized or wrongly encoded bodies, and other errors raised before a route runs.
  api.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const locale = negotiateLocale(req.header('accept-language'));
    const code = bodyErrorCode(error);
    if (code) {
      sendError(res, deps.errors.http(code, locale, code === 'REQUEST_TOO_LARGE' ? { limit: uploadOf(req)?.maxBytes ?? MAX_BODY_BYTES } : {}), locale);
      return;
    }
    const correlationId = correlationIdOf(req);
    deps.logger.error({ err: error, correlationId }, 'request failed before routing');
    sendError(res, deps.errors.internal(locale, correlationId), locale);
  });
  app.use('/api', api);
  return app;
}

/**
 * Every server the app listens with (npm start, the tests, the benchmarks)
 * answers the requests Node's parser refuses, headers too large among them,
 * as the API answers its errors (client-errors.ts).
 */
function answerClientErrorsOnListen(app: express.Express, errors: ErrorPresenter): void {
  const listen = app.listen.bind(app) as (...args: unknown[]) => Server;
  app.listen = ((...args: unknown[]) => {
    const server = listen(...args);
    answerClientErrors(server, errors);
    return server;
  }) as typeof app.listen;
}

/** Whether the request has a body of at least one byte (Content-Length: 0 is no body). */
function carriesBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** The error codes of body-parser's refusals (it sets `type`), or null for anything else. */
function bodyErrorCode(error: unknown): string | null {
  switch ((error as { type?: string }).type) {
    case 'entity.parse.failed':
    case 'request.aborted':
    case 'request.size.invalid':
      return 'REQUEST_BODY_INVALID';
    case 'entity.too.large':
      return 'REQUEST_TOO_LARGE';
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return 'UNSUPPORTED_CONTENT_ENCODING';
    case 'media.unsupported':
      return 'UNSUPPORTED_MEDIA_TYPE';
    default: {
      // A body that says gzip or deflate but does not inflate: body-parser passes zlib's error (Z_DATA_ERROR, Z_BUF_ERROR…) with no type.
      const { code, status } = error as { code?: unknown; status?: unknown };
      return status === 400 && typeof code === 'string' && code.startsWith('Z_') ? 'REQUEST_BODY_INVALID' : null;
    }
  }
}

async function handle(deps: HttpDependencies, route: Route, req: Request, res: Response): Promise<void> {
  let locale: Locale = negotiateLocale(req.header('accept-language'));
  let idempotency: { scope: string; key: string; hash: string } | null = null;
  const correlationId = correlationIdOf(req);
  const answered = { route: route.path, operationId: route.operationId, command: route.method !== 'get' && route.method !== 'head' };
  noteAnsweredRoute(res, answered);
  try {
    tokenHeader(req, 'x-correlation-id'); // 400 HEADER_INVALID when malformed (the access log gave the request an id of its own)
    await deps.freshReferences?.(); // what another replica acknowledged before this request is read from the store, not from memory
    if (route.signedBody) await readSignedBody(route.signedBody, req);
    const context = await buildContext(deps, route, req, correlationId, locale);
    locale = context.locale;
    const who = context.principal ?? context.identified;
    noteAnsweredRoute(res, { ...answered, userId: who?.userId ?? null, accountId: who?.accountId ?? null });
    const key = route.idempotent ? tokenHeader(req, 'idempotency-key') : undefined;
    if (key) {
      // Per tenant, and per user (or storefront visitor) inside it, so no one ever receives another's stored answer.
      const scope = `${context.principal?.accountId ?? 'platform'}:${context.principal?.userId ?? context.principal?.visitorId ?? 'anonymous'}`;
      const hash = IdempotencyKeys.requestHash(req.method, req.originalUrl, req.body ?? null);
      const replay = await deps.idempotency.replay(scope, key, hash);
      if (replay) {
        send(res, { ...replay, headers: { ...replay.headers, 'Idempotent-Replayed': 'true' } }, route, locale);
        return;
      }
      idempotency = { scope, key, hash };
      context.idempotency = IdempotencyKeys.mark(scope, key, hash);
    }
    const result = await route.handler(context);
    if (result.position && !(await deps.projections.waitFor(result.position, deps.readYourWritesTimeoutMs))) {
      deps.metrics.readYourWritesTimedOut();
      deps.logger.warn({ correlationId, route: route.operationId, position: result.position }, 'read your writes: answered before the read models reached the command (timeout)');
    }
    const stored = toStored(result);
    if (idempotency) await deps.idempotency.remember(idempotency.scope, idempotency.key, idempotency.hash, stored);
    if (result.raw) {
      const data = isStream(result.raw.data) ? await withFirstChunkRead(result.raw.data) : result.raw.data;
      res.status(stored.status).set(result.headers ?? {});
      if (route.personalData) res.set('Cache-Control', 'no-store');
      // A CSV's header line is translated too.
      res.set('Content-Language', locale).vary('Accept-Language');
      res.type(result.raw.contentType);
      if (isStream(data)) await stream(res, data, deps.logger, { correlationId, route: route.operationId });
      else res.send(data);
    } else {
      send(res, stored, route, locale);
    }
  } catch (error) {
    const known = deps.errors.present(error, locale);
    const failure = known ?? deps.errors.internal(locale, correlationId);
    if (!known) deps.logger.error({ err: error, correlationId, route: route.operationId }, 'request failed');
    if (idempotency && known) {
      // A refusal is an answer too: the retry gets the same one. A server error is not kept.
      await deps.idempotency
        .remember(idempotency.scope, idempotency.key, idempotency.hash, { status: failure.status, body: failure.body, headers: {} })
        .catch((e: unknown) => deps.logger.error({ err: e }, 'idempotency record failed'));
    }
    sendError(res, failure, locale);
  }
}

/**
 * A signed route's body: its signature checked on the bytes received before
 * anything else is read, then (only then) required to be JSON and parsed,
 * for buildContext to validate against the route's schema.
 */
async function readSignedBody(check: SignedBodyCheck, req: Request): Promise<void> {
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  await check(req, raw);
  req.body = undefined;
  if (raw.length === 0) return;
  if (!req.is('application/json')) throw new HttpError('UNSUPPORTED_MEDIA_TYPE');
  try {
    req.body = JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new HttpError('REQUEST_BODY_INVALID');
  }
}

/**
 * A header that names a token (Idempotency-Key, X-Correlation-Id): at most
 * 255 printable characters, else 400. Both end up stored (the key's record,
 * every event's metadata), so nothing else gets in.
 */
function tokenHeader(req: Request, name: 'idempotency-key' | 'x-correlation-id'): string | undefined {
  const value = req.header(name);
  if (value === undefined || value === '') return undefined;
  if (value.length > MAX_TOKEN_HEADER_LENGTH || !PRINTABLE.test(value)) {
    throw new HttpError('HEADER_INVALID', { header: name, maxLength: MAX_TOKEN_HEADER_LENGTH });
  }
  return value;
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
  let identified: RouteContext['identified'] = null;
  let user: RouteContext['user'] = null;
  if (route.access.kind === 'authenticated') {
    if (!token) throw new HttpError('AUTH_REQUIRED');
    ({ principal, user } = await deps.auth.authenticate(token, req.header('x-module') || undefined));
    if (principal.kind === 'anonymous' && !route.access.anonymous) throw new HttpError('ACCESS_DENIED');
    if (route.access.permission && !principal.permissions.has(route.access.permission)) {
      throw new HttpError('ACCESS_DENIED', { permission: route.access.permission });
    }
    const named = namedAccount(req);
    if (named) principal = await deps.auth.actingFor(principal, named);
    identified = principal;
  } else if (route.access.identifies && token) {
    identified = await deps.auth
      .authenticate(token, req.header('x-module') || undefined)
      .then(({ principal: found }) => found)
      .catch(() => null);
  }
  const effectiveLocale = req.header('accept-language') ? locale : (user?.locale ?? locale);

  const params = { ...req.params } as Record<string, string>;
  const query = { ...(req.query as Record<string, unknown>) };
  // The account named for the whole request (namedAccount) is no filter of the route's, unless the route declares it too.
  const declared = (route.query as { properties?: Record<string, unknown> } | undefined)?.properties;
  if (route.access.kind === 'authenticated' && !declared?.accountId) delete query.accountId;
  const fields = [
    ...(route.params ? validate(route.params, params, true, 'params') : []),
    ...(route.query ? validate(route.query, query, true, 'query') : []),
    ...(route.body ? validate(route.body, req.body ?? {}, false, 'body') : []),
  ];
  if (fields.length > 0) {
    throw new HttpError('VALIDATION_FAILED', {
      fields: fields.slice(0, MAX_REPORTED_PROBLEMS),
      ...(fields.length > MAX_REPORTED_PROBLEMS ? { moreProblems: true } : {}),
    });
  }

  return {
    params,
    query,
    body: req.body ?? {},
    principal,
    identified,
    user,
    locale: effectiveLocale,
    correlationId,
    expectedRevision: route.conditional ? parseIfMatch(req.header('if-match')) : undefined,
    token,
    request: req,
  } as RouteContext;
}

const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

/**
 * The account a request to a tenant-scoped (authenticated) route names:
 * `?accountId=` or the `X-Account-Id` header (both: the same one), a uuid,
 * else 400 naming it; undefined when it names none. AuthService.actingFor
 * says what naming it does (docs/security.md).
 */
function namedAccount(req: Request): string | undefined {
  const fromQuery = (req.query as Record<string, unknown>).accountId;
  const fromHeader = req.header('x-account-id') || undefined;
  const fields: SchemaFieldError[] = [];
  if (fromQuery !== undefined && !(typeof fromQuery === 'string' && UUID.test(fromQuery))) fields.push({ field: 'accountId', code: 'schema.format', params: { format: 'uuid' } });
  if (fromHeader !== undefined && !UUID.test(fromHeader)) fields.push({ field: 'X-Account-Id', code: 'schema.format', params: { format: 'uuid' } });
  if (fields.length === 0 && typeof fromQuery === 'string' && fromHeader !== undefined && fromQuery.toLowerCase() !== fromHeader.toLowerCase()) {
    fields.push({ field: 'X-Account-Id', code: 'schema.enum', params: { allowed: [fromQuery] } });
  }
  if (fields.length > 0) throw new HttpError('VALIDATION_FAILED', { fields });
  return (typeof fromQuery === 'string' ? fromQuery : fromHeader)?.toLowerCase();
}

function bearerToken(req: Request): string | null {
  const header = req.header('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,512})$/i.exec(header);
  return match?.[1] ?? null;
}

function toStored(result: RouteResult): StoredResponse {
  return { status: result.status ?? 200, body: result.body ?? null, headers: result.headers ?? {} };
}

function send(res: Response, response: StoredResponse, route: Route, locale: Locale): void {
  res.status(response.status).set(response.headers);
  if (route.personalData) res.set('Cache-Control', 'no-store');
  res.set('Content-Language', locale).vary('Accept-Language');
  if (response.status === 204 || response.body === null) res.end();
  else res.json(response.body);
}

/** Errors are translated: they say in which language, and that the answer depends on Accept-Language. */
function sendError(res: Response, failure: { status: number; body: unknown; headers?: Record<string, string> }, locale: Locale): void {
  res.status(failure.status).set(failure.headers ?? {}).set('Content-Language', locale).vary('Accept-Language').json(failure.body);
}
