import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError } from './errors';

export const NUL_CHARACTER_MESSAGE = 'Text must not contain NUL characters (\\u0000)';
/**
 * The 400 `nul_character`, naming the field. Its English is written here, not rendered: Lingui would
 * turn the "\\u0000" it names into the character itself.
 */
export const nulCharacterRefusal = (field?: string) => new HttpError(400, 'nul_character', { character: 'U+0000' }, { field, message: NUL_CHARACTER_MESSAGE });

/**
 * Deeper than anything the API takes (a ride's waypoints are two levels down). A 64 KB JSON body
 * can nest 30,000 levels deep, which walking it by recursion turned into a stack overflow, a 500.
 */
export const MAX_NESTING_DEPTH = 32;
export const TOO_DEEP_MESSAGE = 'The request is nested too deeply';

/**
 * Half of a UTF-16 pair alone (JSON can write one as "\\ud83c"): no character at all, and stored
 * it becomes three replacement marks. With the `u` flag a whole pair is one code point, so only a
 * lone half matches.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;

type Finding = { kind: 'nul' | 'lone-surrogate'; path: string } | { kind: 'too-deep' };

/**
 * The first string (value or key, depth first in document order) holding U+0000, or input nested
 * deeper than MAX_NESTING_DEPTH. Walked with a stack of its own, so no input can exhaust the call stack.
 */
function inspect(value: unknown): Finding | null {
  const pending: Array<{ key: string | null; value: unknown; path: string; depth: number }> = [{ key: null, value, path: '', depth: 0 }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (item.key !== null && item.key.includes('\u0000')) return { kind: 'nul', path: item.path };
    if (item.key !== null && LONE_SURROGATE.test(item.key)) return { kind: 'lone-surrogate', path: item.path };
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) return { kind: 'nul', path: item.path };
      if (LONE_SURROGATE.test(item.value)) return { kind: 'lone-surrogate', path: item.path };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= MAX_NESTING_DEPTH) return { kind: 'too-deep' };
    const entries = Object.entries(item.value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      pending.push({ key, value: inner, path: item.path ? `${item.path}.${key}` : key, depth: item.depth + 1 });
    }
  }
  return null;
}

/** The dotted path of the first string (value or key) holding U+0000, or null when there is none. */
export function findNulCharacter(value: unknown): string | null {
  const found = inspect(value);
  return found?.kind === 'nul' ? found.path : null;
}

/**
 * PostgreSQL's text types cannot hold U+0000 (SQLite can), so a NUL in any text a rider sends
 * would be a 500 on one engine and stored on the other. Every path parameter, query parameter and
 * JSON body is checked before validation, and refused with a 400 naming the field; multipart
 * fields are checked where they are read (media.upload.ts). Input nested too deeply is refused
 * with a 400 too, and so is a lone half of a UTF-16 pair (`broken_character`; multipart text is
 * decoded from UTF-8 and cannot hold one).
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = inspect(part);
      if (found?.kind === 'too-deep') return reply.code(400).send(badRequest('request_too_deep').body);
      if (found?.kind === 'lone-surrogate') return reply.code(400).send(new HttpError(400, 'broken_character', undefined, { field: found.path || undefined }).body);
      if (found) return reply.code(400).send(nulCharacterRefusal(found.path || undefined).body);
    }
  });
}
