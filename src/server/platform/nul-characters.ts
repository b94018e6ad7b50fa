import type { FastifyInstance } from 'fastify';

export const NUL_CHARACTER_MESSAGE = 'Text must not contain NUL characters (\\u0000)';

/** The dotted path of the first string (value or key) holding U+0000, or null when there is none. */
export function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return innerPath;
    const found = findNulCharacter(inner, innerPath);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL's text types cannot hold U+0000 (SQLite can), so a NUL in any text a rider sends
 * would be a 500 on one engine and stored on the other. Every path parameter, query parameter and
 * JSON body is checked before validation, and refused with a 400 naming the field; multipart
 * fields are checked where they are read (media.upload.ts).
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNulCharacter(part);
      if (field !== null) return reply.code(400).send({ message: NUL_CHARACTER_MESSAGE, ...(field ? { field } : {}) });
    }
  });
}
