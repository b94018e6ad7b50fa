import type { RouteOptions } from 'fastify';
import type { z } from 'zod';

/** A zod schema that any value passes: no contract at all. */
function acceptsAnything(schema: z.ZodType): boolean {
  const def = schema._zod.def as { type: string; shape?: Record<string, unknown>; catchall?: { _zod: { def: { type: string } } } };
  if (def.type === 'any' || def.type === 'unknown') return true;
  // An object naming no field takes every object (extra keys are stripped or kept, never refused) unless it is strict.
  return def.type === 'object' && Object.keys(def.shape ?? {}).length === 0 && def.catchall?._zod.def.type !== 'never';
}

/** The schemas of one declared answer: itself, or one per content type. */
function answerSchemas(answer: unknown): z.ZodType[] {
  if (typeof answer === 'object' && answer !== null && 'content' in answer) {
    return Object.values((answer as { content: Record<string, { schema: z.ZodType }> }).content).map((entry) => entry.schema);
  }
  return [answer as z.ZodType];
}

/**
 * What is missing from a route's contract: a declared successful answer, one that says something
 * (not z.any(), z.unknown() or an empty object), and a schema for each parameter of its address.
 * Routes hidden from the OpenAPI document (the document and its page themselves) are not the API.
 */
export function contractGaps(route: RouteOptions): string[] {
  const schema = route.schema ?? {};
  if (schema.hide) return [];
  const gaps: string[] = [];
  const answers = Object.entries((schema.response ?? {}) as Record<string, unknown>).filter(([status]) => status.startsWith('2'));
  if (answers.length === 0) gaps.push('no response schema for its successful answer');
  for (const [status, answer] of answers) {
    if (answerSchemas(answer).some(acceptsAnything)) gaps.push(`its ${status} answer accepts anything`);
  }
  if (route.url.includes(':') && !schema.params) gaps.push('no schema for its address parameters');
  return gaps;
}
