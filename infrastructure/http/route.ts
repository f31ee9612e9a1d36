import type { Request } from 'express';
import type { Principal } from '../../application/organizations/principal.js';
import type { Permission } from '../../application/organizations/permissions.js';
import type { UserDocument } from '../../application/organizations/read-models.js';
import type { Locale } from '../../domain/organizations/events.js';

export type JsonSchema = Record<string, unknown>;

export interface RouteContext {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** Null only on public routes. */
  principal: Principal | null;
  user: UserDocument | null;
  locale: Locale;
  correlationId: string;
  /** The revision named by If-Match, when the request has one. */
  expectedRevision: number | undefined;
  /** The bearer token as sent (logout needs it). */
  token: string | null;
  request: Request;
}

export interface RouteResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Global position of the events the command wrote: the answer waits until the read models reach it. */
  position?: number | null;
  /** A non-JSON body (CSV…). */
  raw?: { contentType: string; data: string };
}

export type Access =
  | { kind: 'public' }
  /** Any signed-in user (or anonymous storefront visitor when `anonymous` is true) holding `permission`. */
  | { kind: 'authenticated'; permission: Permission | null; anonymous?: boolean };

/**
 * One API operation: the single source of its Express route, its checks and
 * its OpenAPI entry. Paths use OpenAPI's `{param}` form, relative to /api.
 */
export interface Route {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head';
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  access: Access;
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  /** The success status and, when useful, its schema (documentation only). */
  success?: { status: number; description: string; schema?: JsonSchema };
  /** POST commands honour Idempotency-Key. */
  idempotent?: boolean;
  /** Commands that change one aggregate honour If-Match. */
  conditional?: boolean;
  handler(context: RouteContext): Promise<RouteResult>;
}
