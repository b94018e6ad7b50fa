import { z } from 'zod';
import { ERROR_MESSAGES, type ErrorCode } from './error-codes';

/**
 * The answers many endpoints share. Every route declares its answer with a schema from src/shared
 * (the one contract between server and client); these are the small ones that belong to no domain.
 * Marked free of side effects like every z.* call (vite.config.ts): the browser uses their types.
 */

/** A write with nothing to report: `{ "success": true }`. */
export const successSchema = z.object({ success: z.literal(true) }).strict();
export type Success = z.infer<typeof successSchema>;

/** A write whose outcome the client shows in words (signing out, leaving a group, asking for a sign-in link). */
export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() }).strict();
export type SuccessMessage = z.infer<typeof successMessageSchema>;

/**
 * Every failure (platform/error-handler.ts): its stable `code` from the closed list
 * (src/shared/http/error-codes.ts) and that code's `params`, the English `message`, the field it is
 * about when a request did not validate (`issues` lists every field refused), and a few answers' own
 * details (a 409's current state, say). A client shows the code's text in its rider's language and
 * keeps `message` for a code it does not know.
 */
export const errorSchema = z.looseObject({
  message: z.string().meta({ description: 'The refusal in English' }),
  code: z.enum(Object.keys(ERROR_MESSAGES) as [ErrorCode, ...ErrorCode[]]).meta({ description: 'Stable: what a client acts on and translates' }),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional().meta({ description: "The named values of the code's message" }),
  field: z.string().optional(),
  issues: z.array(z.object({ field: z.string(), message: z.string(), code: z.string() })).optional(),
});

/**
 * The body of an answer that is a file or a stream, not JSON: described for integrators (a string
 * of bytes), never validated. Typed to admit bytes as well as text, since a route sends either (an
 * ITN file is Windows-1252 bytes).
 */
export const fileBodySchema = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<string | Uint8Array>;

/**
 * The declaration of an answer that is a file or a stream: its content types, for the OpenAPI
 * document and for readers. Fastify never serializes a string, buffer or stream it is handed with
 * its content type set, so nothing checks such a body against `fileBodySchema`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function fileAnswer(description: string, contentTypes: readonly string[]) {
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema: fileBodySchema }])) };
}
