/** A non-2xx answer of the API: `{ message, fields? }` plus the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(options: { status: number; message: string; fields?: Record<string, string> }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.fields = options.fields ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
