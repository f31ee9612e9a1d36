/**
 * A refused command or invalid value. `code` is stable: the API returns it
 * and the UIs translate it; `details` says which value and why.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'DomainError';
  }
}
