import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import type { PlatformMetrics } from './metrics.js';

/** What the API's request handling learnt about a request, kept on `res.locals` for its access-log line. */
export interface AnsweredRoute {
  /** The route's template (`/buybacks/{id}`), never the path itself (which may name a person: a search, an e-mail). */
  route: string;
  operationId: string;
  /** Whether the route writes (a command): its outcome is counted. */
  command: boolean;
  userId?: string | null;
  accountId?: string | null;
}

const ANSWERED = 'answeredRoute';
/** X-Correlation-Id as the API accepts it (app.ts): printable ASCII, at most 255 characters. */
const CORRELATION = /^[\x21-\x7e]{1,255}$/;

/** Records, for the access log and the metrics, which route answered a request and for whom. */
export function noteAnsweredRoute(res: Response, answered: AnsweredRoute): void {
  res.locals[ANSWERED] = { ...(res.locals[ANSWERED] as AnsweredRoute | undefined), ...answered };
}

/** The request's correlation id: the one pino-http gave it (the caller's X-Correlation-Id when well formed). */
export function correlationIdOf(req: IncomingMessage): string {
  return String((req as IncomingMessage & { id?: unknown }).id ?? randomUUID());
}

/**
 * The access log (pino-http): one line per API request, once answered, with
 * the method, the route's template and operation id, the status, the duration, the
 * correlation id, the user's and tenant's ids, and (from the logger's
 * bindings) the replica and role. Nothing else of the request: no path, no
 * query, no header, no address, no body, so no personal data. 5xx lines are
 * errors, the rest information. The same moment feeds the metrics.
 */
export function accessLog(logger: Logger, metrics: PlatformMetrics): HttpLogger<IncomingMessage, ServerResponse, 'error' | 'info'> {
  const answeredOf = (res: ServerResponse) => ((res as ServerResponse & { locals?: Record<string, unknown> }).locals?.[ANSWERED] ?? null) as AnsweredRoute | null;
  /** The request's line, counted in the metrics at the same moment. */
  const lineAndCount = (req: IncomingMessage, res: ServerResponse, value: { ms: number }) => {
    const answered = answeredOf(res);
    const line = {
      method: req.method ?? 'GET',
      route: answered?.route ?? 'unmatched',
      operation: answered?.operationId ?? null,
      status: res.statusCode,
      ms: value.ms,
      userId: answered?.userId ?? null,
      accountId: answered?.accountId ?? null,
    };
    metrics.requestAnswered({ ...line, seconds: value.ms / 1000, command: answered?.command ?? false });
    return line;
  };
  return pinoHttp({
    // pino-http's types want a logger typed with its levels; ours is pino's plain Logger, the same object at run time.
    logger: logger as unknown as Logger<'error' | 'info'>,
    genReqId(req, res) {
      const given = req.headers['x-correlation-id'];
      const id = typeof given === 'string' && CORRELATION.test(given) ? given : randomUUID();
      res.setHeader('X-Correlation-Id', id);
      return id;
    },
    customAttributeKeys: { reqId: 'correlationId', responseTime: 'ms' },
    quietReqLogger: true,
    quietResLogger: true,
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request failed',
    customSuccessObject: lineAndCount,
    // The error itself is logged where it happened (app.ts, with its stack); here only that the request failed.
    customErrorObject: (req, res, _error, value) => lineAndCount(req, res, value),
  });
}
