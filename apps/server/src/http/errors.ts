/** An error with an HTTP status and a translatable message key; mapped to a response in one place. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly errors?: Record<string, string[]>,
    readonly vars: Record<string, string | number> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(key);
  }
}

/** An address or request that cannot be read: the site answers its HTML 400 page, the API `{message}`. */
export const badRequest = () => new HttpError(400, 'http.badRequest');
export const unauthenticated = () => new HttpError(401, 'http.unauthenticated');
export const forbidden = () => new HttpError(403, 'http.forbidden');
export const notFound = () => new HttpError(404, 'http.notFound');
export const stale = () => new HttpError(409, 'http.stale');
export const csrfMismatch = () => new HttpError(419, 'http.csrf');
/** 429 with Retry-After; the message names seconds up to 90, else whole minutes (the account limits wait an hour). */
export const throttled = (seconds: number) =>
  seconds > 90
    ? new HttpError(
        429,
        'http.throttledMinutes',
        undefined,
        { minutes: Math.ceil(seconds / 60) },
        {
          'Retry-After': String(seconds),
        },
      )
    : new HttpError(429, 'http.throttled', undefined, { seconds }, { 'Retry-After': String(seconds) });
/** 422 with field errors keyed by dotted path, each a list of message keys (`errors.min3`). */
export const invalid = (errors: Record<string, string[]>, key = 'http.validation') => new HttpError(422, key, errors);

/** PostgreSQL unique violation, recognised by SQLSTATE rather than message text. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
