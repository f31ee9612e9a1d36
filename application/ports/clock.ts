export interface Clock {
  /** UTC ISO-8601 with milliseconds, e.g. 2026-11-21T09:30:00.000Z */
  now(): string;
}
export interface IdGenerator {
  /** A random UUID v4. */
  uuid(): string;
  /** `count` random decimal digits, for numbers that must not be guessable in sequence. */
  digits(count: number): string;
  /** A URL-safe random secret (≥128 bits), for links sent to customers. */
  secret(): string;
}
