import type { Request } from 'express';
import type { Static, TSchema } from '@sinclair/typebox';
import type { Principal } from '../../application/organizations/principal.js';
import type { Permission } from '../../application/organizations/permissions.js';
import type { UserDocument } from '../../application/organizations/read-models.js';
import type { Locale } from '../../domain/organizations/events.js';
import type { IdempotencyMark } from '../../application/ports/event-store.js';

export type JsonSchema = Record<string, unknown>;

export type Access =
  /** Anyone; `identifies`: a bearer token, when sent and valid, names the caller (`identified`), else the route still answers. */
  | { kind: 'public'; identifies?: boolean }
  /**
   * Any signed-in user (or anonymous storefront visitor when `anonymous` is
   * true) holding `permission`; with none, the handler decides, and
   * `permissionNote` says how (the documents print it).
   */
  | { kind: 'authenticated'; permission: Permission | null; anonymous?: boolean; permissionNote?: string };

type StaticOr<S, Otherwise> = S extends TSchema ? Static<S> : Otherwise;

/** What a handler receives: everything already authenticated, authorised and validated against the route's schemas. */
export interface RouteContext<P = unknown, Q = unknown, B = unknown, A extends Access = Access> {
  params: StaticOr<P, Record<string, never>>;
  query: StaticOr<Q, Record<string, never>>;
  body: StaticOr<B, undefined>;
  /** The caller; null only on public routes. */
  principal: A extends { kind: 'authenticated' } ? Principal : null;
  /** On a public route that `identifies`: the caller, when their token is valid. */
  identified: Principal | null;
  user: UserDocument | null;
  locale: Locale;
  correlationId: string;
  /** The revision named by If-Match, when the request has one. */
  expectedRevision: number | undefined;
  /** The bearer token as sent (logout needs it). */
  token: string | null;
  /** The request's Idempotency-Key, hashed with its scope, and its hash, when it has one (commands record them on their events). */
  idempotency?: IdempotencyMark;
  request: Request;
}

/** What a handler answers: the status, the body (its route's response schema) and headers. */
export interface RouteResult<R = unknown> {
  status?: number;
  body?: StaticOr<R, undefined>;
  headers?: Record<string, string>;
  /** Global position of the events the command wrote: the answer waits until the read models reach it. */
  position?: number | null;
  /**
   * A non-JSON body (CSV…), sent as is; an async iterable is streamed chunk
   * by chunk as it comes (an export), its first chunk read before the status
   * is sent, so a failure before any data still answers as an error.
   */
  raw?: { contentType: string; data: string | Buffer | AsyncIterable<string | Buffer> };
}

export interface ResponseSpec<R> {
  status: number;
  description: string;
  /** The body's schema (a view of application/<part>/…-views.ts); none for 204 or a non-JSON body. */
  schema?: R;
  /** For a non-JSON answer (text/csv…). */
  contentType?: string;
}

/**
 * One API operation, as data: the single source of its Express route, its
 * checks and its OpenAPI entry. Paths use OpenAPI's `{param}` form, relative
 * to /api. The handler's params, query, body, principal and answer are typed
 * from the schemas and the access, so no handler casts what it receives.
 */
export interface RouteSpec<P, Q, B, R, A extends Access> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head';
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  response: ResponseSpec<R>;
  /**
   * Other answers this operation gives besides errors (e.g. 204 on a HEAD), for the OpenAPI document; a
   * success with a body names its schema (202 and the job started for a large import).
   */
  otherResponses?: Record<number, string | { description: string; schema: TSchema | JsonSchema }>;
  /** POST commands honour Idempotency-Key. */
  idempotent?: boolean;
  /** Commands that change one aggregate honour If-Match. */
  conditional?: boolean;
  /** The answer may carry customer data: never cached by a browser or a proxy (Cache-Control: no-store). */
  personalData?: boolean;
  /** A body signed by its sender (a webhook): see SignedBodyCheck. */
  signedBody?: SignedBodyCheck;
  /** The body is a file sent as is (text/csv, multipart/form-data): see UploadSpec. */
  upload?: UploadSpec;
  handler(context: RouteContext<P, Q, B, A>): Promise<RouteResult<R>>;
}

/**
 * Checks a request's signature over the bytes of its body, as received,
 * before anything else of the request is read: it throws (an HttpError) to
 * refuse. Its body is read raw whatever its Content-Type (up to the same
 * limit), and only once this passed is it required to be JSON, parsed and
 * validated against the route's schema: a sender without the secret learns
 * nothing of the body's fields.
 */
export type SignedBodyCheck = (request: Request, rawBody: Buffer) => Promise<void> | void;

/**
 * A route that receives a file as its body: only these media types are read
 * (anything else, JSON included, answers 415), raw, up to `maxBytes` (past
 * it: 413 naming the limit), and handed to the handler as the Buffer
 * `request.body`; the route declares no JSON body schema.
 */
export interface UploadSpec {
  contentTypes: readonly string[];
  maxBytes: number;
  /** For the OpenAPI document: what the file holds. */
  description: string;
  /** For the OpenAPI document: an example of the file, as text. */
  example?: string;
}

/** A route with its types erased, as the route table, the pipeline and the OpenAPI builder hold it. */
export interface Route {
  method: RouteSpec<unknown, unknown, unknown, unknown, Access>['method'];
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  access: Access;
  params?: TSchema | JsonSchema;
  query?: TSchema | JsonSchema;
  body?: TSchema | JsonSchema;
  response: ResponseSpec<TSchema | JsonSchema>;
  otherResponses?: Record<number, string | { description: string; schema: TSchema | JsonSchema }>;
  idempotent?: boolean;
  conditional?: boolean;
  personalData?: boolean;
  signedBody?: SignedBodyCheck;
  upload?: UploadSpec;
  handler(context: RouteContext): Promise<RouteResult>;
}

/** Types a route from its schemas and access, then erases the types for the table. */
export function defineRoute<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema | undefined = undefined,
  const A extends Access = Access,
>(spec: RouteSpec<P, Q, B, R, A>): Route {
  return spec as unknown as Route;
}
