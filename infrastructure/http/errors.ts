import { DomainError } from '../../domain/shared/domain-error.js';
import { ApplicationError } from '../../application/commands/errors.js';
import type { Locale } from '../../domain/organizations/events.js';
import { statusOf } from './error-catalogue.js';
import { fieldLabel, translateError } from './i18n.js';

/** A refusal produced by the HTTP layer itself (auth, permission, schema). */
export class HttpError extends Error {
  constructor(
    readonly code: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

export interface ErrorBody {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

interface FieldLike {
  field: string;
  code: string;
  params?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * `{ code, message, details }`, translated into the caller's locale. A
 * validation error lists each field with its own code and message.
 */
export function errorResponse(error: unknown, locale: Locale): { status: number; body: ErrorBody } | null {
  if (!(error instanceof DomainError || error instanceof ApplicationError || error instanceof HttpError)) return null;
  const details = { ...error.details };
  if (Array.isArray(details.fields)) {
    details.fields = (details.fields as FieldLike[]).map((field) => {
      const { params, ...rest } = field;
      const values = { ...rest, ...(params ?? {}), field: fieldLabel(locale, field.field) };
      return { ...rest, message: translateError(locale, field.code, values) };
    });
  }
  return {
    status: statusOf(error.code),
    body: { code: error.code, message: translateError(locale, error.code, error.details), details },
  };
}

export function internalError(locale: Locale, correlationId: string): { status: number; body: ErrorBody } {
  return {
    status: 500,
    body: { code: 'INTERNAL_ERROR', message: translateError(locale, 'INTERNAL_ERROR'), details: { correlationId } },
  };
}
