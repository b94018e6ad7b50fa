/**
 * Errors a service throws to end a request with a JSON `{ message }` body and a 4xx status
 * (GUIDE section 5). Anything else that escapes is a bug and becomes a 500. `body` adds fields
 * beside the message for a client that acts on the refusal (a `code` it recognises).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly body: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
/** Used for "absent" and for "not yours" alike, so private things stay invisible. */
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** A setting the server cannot run with, found at start: npm start prints the message as one line and stops. */
export class StartupError extends Error {}
