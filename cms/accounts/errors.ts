/**
 * The accounts area's error answer (decision 040): `{ message, status, code?, errors? }`, plus
 * any extra fields (`retry_after`) and headers (Retry-After). Thrown anywhere below a route;
 * `createCmsApp`'s error handler answers it.
 */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

export interface ApiErrorDetails {
  code?: string;
  /** Validation errors by field. */
  errors?: Record<string, string[]>;
  /** More fields of the JSON body. */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly code?: string;
  readonly errors?: Record<string, string[]>;
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    readonly status: ApiErrorStatus,
    message: string,
    details: ApiErrorDetails = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.code = details.code;
    this.errors = details.errors;
    this.extra = details.extra;
    this.headers = details.headers;
  }

  /** The JSON body of the answer. */
  body(): Record<string, unknown> {
    return {
      message: this.message,
      status: this.status,
      ...(this.code ? { code: this.code } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
      ...this.extra,
    };
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The answer of an ApiError (status, JSON body, headers). */
export function apiErrorResponse(error: ApiError): Response {
  return new Response(JSON.stringify(error.body()), {
    status: error.status,
    headers: { "content-type": "application/json; charset=UTF-8", ...error.headers },
  });
}

/** A zod error as `errors: { field: [message] }` (the first path segment names the field). */
export function fieldErrors(error: { issues: { path: PropertyKey[]; message: string }[] }): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : "body";
    (out[field] ??= []).push(issue.message);
  }
  return out;
}

/** 400 `{ message, status, errors }`: what a request sent is not valid. */
export function validationError(errors: Record<string, string[]>, message = "The given data was invalid"): ApiError {
  return new ApiError(400, message, { errors });
}
