import { setupI18n, type MessageDescriptor } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { ERROR_MESSAGES, type ErrorBody, type ErrorCode, type ErrorParams } from '../../shared/http/error-codes';
import { MESSAGE_FORMATS } from '../../shared/http/error-values';
import { knownValidationMessage } from '../../shared/i18n/validation';

/*
 * Errors a service throws to end a request with a JSON `{ message, code, params? }` body and a 4xx
 * status (GUIDE section 5). Anything else that escapes is a bug and becomes a 500. Every refusal
 * names its code from the closed list (src/shared/http/error-codes.ts) with that code's parameters:
 * the helpers do not compile without one. `message` is the code's English text with the parameters
 * filled in, for API users; the web app shows the code's text in the rider's language.
 */

const english = setupI18n({ locale: 'en', messages: { en: {} } });
english.setMessagesCompiler(compileMessage);

/** A message's English with its parameters, numbers and days formatted in English (error-values.ts). */
export function englishText(descriptor: MessageDescriptor, params?: Record<string, string | number>): string {
  return english._(descriptor.id, params, { message: descriptor.message, formats: MESSAGE_FORMATS });
}

/** A code's English text with its parameters. */
export function englishMessage<C extends ErrorCode>(code: C, params?: ErrorParams<C>): string {
  return englishText(ERROR_MESSAGES[code], params);
}

type Params = Record<string, string | number>;

/** The parameters a code takes: none, or its own (obligatory when it has any). */
export type ParamsArg<C extends ErrorCode> = keyof ErrorParams<C> extends never ? [params?: undefined] : [params: ErrorParams<C>];

export interface HttpErrorOptions {
  headers?: Record<string, string>;
  /** The input refused (a body field's path), sent beside the code. */
  field?: string;
  /** The English message when it says more than the code's text (the shared schema's own message for a field). */
  message?: string;
}

export class HttpError<C extends ErrorCode = ErrorCode> extends Error {
  readonly headers: Record<string, string>;
  readonly field: string | undefined;
  readonly params: Params | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: C,
    params?: ErrorParams<C>,
    options: HttpErrorOptions = {},
  ) {
    super(options.message ?? englishMessage(code, params));
    this.params = params && Object.keys(params).length > 0 ? (params as Params) : undefined;
    this.headers = options.headers ?? {};
    this.field = options.field;
  }

  /** The JSON body the error handler sends. */
  get body(): ErrorBody {
    return { message: this.message, code: this.code, ...(this.params ? { params: this.params } : {}), ...(this.field ? { field: this.field } : {}) };
  }

  /** The same refusal with more headers (Connection: close after an upload). */
  withHeaders(headers: Record<string, string>): HttpError<C> {
    return new HttpError(this.statusCode, this.code, this.params as ErrorParams<C> | undefined, {
      headers: { ...this.headers, ...headers },
      field: this.field,
      message: this.message,
    });
  }
}

const refusal =
  (status: number) =>
  <C extends ErrorCode>(code: C, ...[params]: ParamsArg<C>) =>
    new HttpError(status, code, params as ErrorParams<C> | undefined);

export const badRequest = refusal(400);
export const unauthorized = refusal(401);
export const forbidden = refusal(403);
/** Used for "absent" and for "not yours" alike, so private things stay invisible. */
export const notFound = refusal(404);
export const conflict = refusal(409);
export const payloadTooLarge = refusal(413);
export const unsupportedMediaType = refusal(415);
export const serviceUnavailable = refusal(503);

export const tooManyRequests = <C extends ErrorCode>(code: C, retryAfterSeconds: number, ...[params]: ParamsArg<C>) =>
  new HttpError(429, code, params as ErrorParams<C> | undefined, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });

/**
 * Input a shared schema or rule refused inside a service (after the route's own validation): 400
 * `invalid_input` with the rule's own English message and the field it names.
 */
export const invalidInput = (message: string, field?: string) => new HttpError(400, 'invalid_input', validationParams(message) as ErrorParams<'invalid_input'> | undefined, { message, field });

/**
 * The parameters of an `invalid_input` whose message is one of the shared schemas' (shared/i18n/validation.ts):
 * its id (`messageId`) and values, so that the web writes it in the rider's language; none for another message.
 */
export function validationParams(message: string): Params | undefined {
  const known = knownValidationMessage(message);
  return known ? { messageId: known.descriptor.id, ...known.values } : undefined;
}

/** A setting the server cannot run with, found at start: npm start prints the message as one line and stops. */
export class StartupError extends Error {}
