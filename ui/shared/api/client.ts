/**
 * The one way both applications talk to the API (`/api`): bearer token,
 * module header, language, idempotency keys for commands, ETag / If-Match for
 * edits of a known revision, and errors turned into `ApiError` with the
 * API's stable code and translated message.
 */

export interface FieldProblem {
  field: string;
  code: string;
  message: string;
  [key: string]: unknown;
}

export interface ErrorBody {
  code: string;
  message: string;
  details?: { fields?: FieldProblem[]; correlationId?: string; [key: string]: unknown };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorBody['details'] = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field errors (422 VALIDATION_FAILED and the like), keyed by field path. */
  get fields(): FieldProblem[] {
    return this.details?.fields ?? [];
  }

  /** The server could not be reached or answered 5xx. */
  get isServerError(): boolean {
    return this.status === 0 || this.status >= 500;
  }

  /** Someone else changed the resource first (stale ETag or a lost race). */
  get isConflict(): boolean {
    return this.status === 409 || this.status === 412;
  }
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  /** The resource revision for a later If-Match, when the API sent one. */
  etag: string | null;
  headers: Headers;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;
  body?: unknown;
  /** Sends If-Match: the command applies only if the resource is still at this revision. */
  ifMatch?: string | null;
  /** Commands that create: a retry with the same key gives the same answer, never a second resource. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Read the answer as text (CSV export) instead of JSON. */
  as?: 'json' | 'text' | 'blob';
  /** A file sent as the body itself (an upload route: a CSV import), with its media type; instead of `body`. */
  upload?: { data: Blob; contentType: string };
}

export interface ApiClientOptions {
  baseUrl?: string;
  /** Where the API is, asked on each call (the storefront's server rendering calls its own server's API). */
  getBaseUrl?(): string | null;
  getToken(): string | null;
  /** Headers added to every call (the storefront's server rendering: the visitor it renders the page for). */
  getHeaders?(): Record<string, string>;
  getModule?(): string | null;
  getLanguage(): string;
  /** A 401 on an authenticated call: the session is gone. */
  onUnauthorized?(error: ApiError): void;
  /** 5xx or no answer at all. */
  onServerError?(error: ApiError): void;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** `status[]=a&status[]=b`: the specification's array filter convention. */
export function toQueryString(query: RequestOptions['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(`${name}[]`, String(item)));
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createApiClient(options: ApiClientOptions) {
  const fixedBaseUrl = options.baseUrl ?? '/api';

  async function request<T>(method: string, path: string, init: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.getHeaders?.(), Accept: 'application/json', 'Accept-Language': options.getLanguage() };
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const module = options.getModule?.();
    if (module) headers['X-Module'] = module;
    if (init.upload) headers['Content-Type'] = init.upload.contentType;
    else if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (init.ifMatch) headers['If-Match'] = init.ifMatch;
    if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;

    let response: Response;
    try {
      response = await fetch(`${options.getBaseUrl?.() ?? fixedBaseUrl}${path}${toQueryString(init.query)}`, {
        method,
        headers,
        body: init.upload ? init.upload.data : init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
      });
    } catch (cause) {
      if ((cause as Error).name === 'AbortError') throw cause;
      const error = new ApiError(0, 'NETWORK_ERROR', (cause as Error).message);
      options.onServerError?.(error);
      throw error;
    }

    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as ErrorBody | null;
      const error = new ApiError(response.status, body?.code ?? `HTTP_${response.status}`, body?.message ?? response.statusText, body?.details);
      if (response.status === 401 && token) options.onUnauthorized?.(error);
      if (error.isServerError) options.onServerError?.(error);
      throw error;
    }
    const data = response.status === 204 ? undefined : init.as === 'text' ? await response.text() : init.as === 'blob' ? await response.blob() : await response.json();
    return { data: data as T, status: response.status, etag: response.headers.get('ETag'), headers: response.headers };
  }

  return {
    request,
    get: <T>(path: string, init?: RequestOptions) => request<T>('GET', path, init).then((r) => r.data),
    post: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>('POST', path, { ...init, body: body ?? {} }),
  };
}

/** A fresh key per user intent (one click), reused when the same intent is retried. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
