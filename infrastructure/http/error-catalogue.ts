/**
 * The error codes of the platform's core (the HTTP pipeline, the shared
 * values in domain/values, concurrency and idempotency), with their HTTP
 * status. Each part of the platform declares its own codes in its module
 * (`infrastructure/modules/<part>/module.ts`); the assembly merges them and
 * refuses a code declared twice. Messages live in ./locales/<locale>.json
 * (core) and the modules' locales, under `errors.<CODE>`, in all four
 * locales; a test fails when a code raised anywhere in the code is missing
 * from the catalogue or a locale. The UIs translate codes themselves;
 * `message` is for API clients.
 */
export const CORE_ERRORS = {
  // Request shape and values (400)
  VALIDATION_FAILED: 400,
  REQUEST_BODY_INVALID: 400,
  HEADER_INVALID: 400,
  QUERY_PARAMETER_INVALID: 400,
  /** pagination=false on a list longer than UNPAGED_LIMIT (application/lists). */
  LIST_TOO_LONG: 400,
  BUYBACK_CODE_REQUIRED: 400,
  BUYBACK_CODE_NOT_NUMERIC: 400,
  BUYBACK_CODE_LENGTH: 400,
  BUYBACK_CODE_PREFIX_INVALID: 400,
  IMEI_REQUIRED: 400,
  IMEI_NOT_NUMERIC: 400,
  IMEI_TOO_SHORT: 400,
  IMEI_TOO_LONG: 400,
  IMEI_CHECK_DIGIT_INVALID: 400,
  LUHN_INPUT_NOT_NUMERIC: 400,
  TAC_CODE_INVALID: 400,
  GTIN_INVALID_LENGTH: 400,
  GTIN_NOT_NUMERIC: 400,
  GTIN_CHECK_DIGIT_INVALID: 400,
  IBAN_REQUIRED: 400,
  IBAN_INVALID_FORMAT: 400,
  IBAN_COUNTRY_INVALID: 400,
  IBAN_INVALID_LENGTH: 400,
  IBAN_CHECKSUM_INVALID: 400,
  IDENTITY_REQUIRED: 400,
  CUSTOMER_ID_REQUIRED: 400,
  IDENTITY_TYPE_INVALID: 400,
  IDENTITY_NUMBER_INVALID: 400,
  IDENTITY_AUTHORITY_INVALID: 400,
  IDENTITY_DELIVERY_DATE_INVALID: 400,
  DATE_INVALID: 400,
  TEXT_REQUIRED: 400,
  TEXT_LENGTH: 400,
  EMAIL_REQUIRED: 400,
  EMAIL_INVALID: 400,
  PHONE_REQUIRED: 400,
  PHONE_INVALID: 400,
  COUNTRY_REQUIRED: 400,
  COUNTRY_INVALID: 400,
  ZIP_CODE_REQUIRED: 400,
  ZIP_CODE_INVALID: 400,
  MONEY_NOT_INTEGER_CENTS: 400,
  MONEY_UNKNOWN_CURRENCY: 400,
  MONEY_NEGATIVE: 400,
  MONEY_CURRENCY_MISMATCH: 400,
  // Authentication and access
  AUTH_REQUIRED: 401,
  ACCESS_DENIED: 403,
  // Not found (also what another tenant's ids answer)
  NOT_FOUND: 404,
  BUYBACK_CODE_NOT_FOUND: 404,
  /** A job (application/jobs) the caller cannot see, or none. */
  JOB_NOT_FOUND: 404,
  // State conflicts
  CONCURRENT_MODIFICATION: 409,
  PRECONDITION_FAILED: 412,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TOO_LARGE: 413,
  /** Headers over Node's limit (http.maxHeaderSize): refused by the server before any route (http/client-errors.ts). */
  REQUEST_HEADERS_TOO_LARGE: 431,
  UNSUPPORTED_CONTENT_ENCODING: 415,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PRECONDITION_REQUIRED: 428,
  // Business rules refusing a well-formed request
  IDEMPOTENCY_KEY_REUSED: 422,
  // Server side
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  /** A job's failures that are not its input's fault: its process stopped, or a fault (logged). Only ever a job's `error`. */
  JOB_INTERRUPTED: 503,
  JOB_FAILED: 500,
} as const satisfies Record<string, number>;

/** Every code the API answers, with its HTTP status: the core's and each module's. */
export class ErrorCatalogue {
  private readonly statuses: ReadonlyMap<string, number>;

  constructor(tables: ReadonlyArray<Readonly<Record<string, number>>>) {
    const statuses = new Map<string, number>();
    for (const table of tables) {
      for (const [code, status] of Object.entries(table)) {
        if (statuses.has(code)) throw new Error(`Error code ${code} is declared twice`);
        statuses.set(code, status);
      }
    }
    this.statuses = statuses;
  }

  statusOf(code: string): number {
    return this.statuses.get(code) ?? 500;
  }

  has(code: string): boolean {
    return this.statuses.has(code);
  }

  codes(): string[] {
    return [...this.statuses.keys()];
  }
}
