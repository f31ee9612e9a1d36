/**
 * Application-level refusals. Like DomainError they carry a stable code; the
 * HTTP layer maps codes to statuses (infrastructure/http/error-catalogue.ts).
 */
export class ApplicationError extends Error {
  constructor(
    readonly code: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'ApplicationError';
  }
}

export const notFound = (what: string, details: Record<string, unknown> = {}) =>
  new ApplicationError(`${what}_NOT_FOUND`, details);
