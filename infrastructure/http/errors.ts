import { DomainError } from '../../domain/shared/domain-error.js';
import { ApplicationError } from '../../application/commands/errors.js';
import type { Locale } from '../../domain/organizations/events.js';
import type { ErrorCatalogue } from './error-catalogue.js';
import type { Translator } from './i18n.js';

/** A refusal produced by the HTTP layer itself (auth, permission, schema). */
export class HttpError extends Error {
  constructor(
    readonly code: string,
    readonly details: Record<string, unknown> = {},
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
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

/** Turns refusals into `{ code, message, details }` answers, translated into the caller's locale. */
export class ErrorPresenter {
  constructor(
    private readonly catalogue: ErrorCatalogue,
    private readonly translator: Translator,
  ) {}

  /**
   * The answer for a known refusal (DomainError, ApplicationError, HttpError),
   * or null for anything else (a bug: the caller answers 500). A validation
   * error lists each field with its own code and message.
   */
  present(error: unknown, locale: Locale): { status: number; body: ErrorBody; headers?: Record<string, string> } | null {
    if (!(error instanceof DomainError || error instanceof ApplicationError || error instanceof HttpError)) return null;
    const details = { ...error.details };
    if (Array.isArray(details.fields)) {
      details.fields = (details.fields as FieldLike[]).map((field) => {
        const { params, ...rest } = field;
        const values = { ...rest, ...(params ?? {}), field: this.translator.field(locale, field.field) };
        return { ...rest, message: this.translator.error(locale, field.code, values) };
      });
    }
    return {
      status: this.catalogue.statusOf(error.code),
      body: { code: error.code, message: this.translator.error(locale, error.code, error.details), details },
      ...(error instanceof HttpError && Object.keys(error.headers).length > 0 ? { headers: error.headers } : {}),
    };
  }

  internal(locale: Locale, correlationId: string): { status: number; body: ErrorBody } {
    return {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: this.translator.error(locale, 'INTERNAL_ERROR'), details: { correlationId } },
    };
  }

  /** An answer for a code the HTTP layer raises before any route runs. */
  http(code: string, locale: Locale, details: Record<string, unknown> = {}): { status: number; body: ErrorBody } {
    return this.present(new HttpError(code, details), locale) as { status: number; body: ErrorBody };
  }
}
