import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { knownValidationMessage, validationMessages } from './validation';

/*
 * Every message a shared schema can give a rider is a known descriptor (issue 31 point 7), so that
 * the web shows it in the rider's language: the shared modules are all loaded, every exported schema
 * is fed bad values field by field, and each message that is not zod's own default must be found.
 * A source scan catches a literal message the bad values do not reach (a check behind others).
 */
const modules = import.meta.glob<Record<string, unknown>>(['../**/*.ts', '!../**/*.test.ts'], { eager: true });
// error-codes.ts is the list of the server's refusals, each a descriptor over several lines, not a schema.
const sources = import.meta.glob<string>(['../**/*.ts', '!../**/*.test.ts', '!../http/error-codes.ts'], { eager: true, query: '?raw', import: 'default' });

/**
 * Messages of the API's own parameters and switches, which no form shows (a rider never types them);
 * they stay English, like zod's defaults.
 */
const API_ONLY = new Set([
  'Session not found',
  'Role must be member or co_organizer',
  'ban must be true or false',
  'Response must be yes or no',
  'reset must be true',
  'scope must be groups or joined',
  'Send reset: true or a scope',
  'limit must be 1 to 100',
  'type is too long',
  'associatedId is required',
  'associatedId is too long',
  'Give either associatedType and associatedId, or userId',
  'format must be gpx, itn or itn-compact',
  'Search text is required',
  'near must be "latitude,longitude", for example "44.49,11.34"',
  // A browser's push subscription, sent by the app itself.
  'The push service address must be an https address',
  "The browser's push keys are not valid",
]);
const apiOnly = (message: string) =>
  API_ONLY.has(message) || /^(associatedType must be one of|Please choose one of:|At most (\d+|\$\{\w+\}) properties|Properties may take at most|Search text must be at most|description must be at most)/.test(message);

const ZOD_DEFAULT = '\u0000zod default';

const LONG = 'x'.repeat(10_001); // past the longest limit (a bug report's 10,000)
const PRIMITIVES: unknown[] = [undefined, null, '', '   ', '\u200B', LONG, 'not a date', '2000-01-01', '1999-01-01T00:00:00Z', '99:99', 0, -1, 1.5, 1e9, true, [], {}];

function unwrap(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (let i = 0; i < 10; i++) {
    const def = current._zod.def as { innerType?: z.ZodType; in?: z.ZodType; schema?: z.ZodType };
    const next = def.innerType ?? def.in ?? def.schema;
    if (!next) return current;
    current = next;
  }
  return current;
}

/** Bad values for a schema: the primitives, and for an object each of its fields bad in turn (one level down too). */
function badValues(schema: z.ZodType, depth = 0): unknown[] {
  const inner = unwrap(schema);
  const values = [...PRIMITIVES];
  if (inner instanceof z.ZodObject && depth < 2) {
    for (const [key, field] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
      for (const value of badValues(field, depth + 1)) values.push({ [key]: value });
    }
  }
  if (inner instanceof z.ZodArray && depth < 2) {
    values.push(Array.from({ length: 101 }, () => ''));
    for (const value of badValues(inner.element as z.ZodType, depth + 1)) values.push([value]);
  }
  return values;
}

function schemasOf(exports: Record<string, unknown>): [string, z.ZodType][] {
  const found: [string, z.ZodType][] = [];
  for (const [name, value] of Object.entries(exports)) {
    if (value instanceof z.ZodType) found.push([name, value]);
    // Schema factories (createPollSchema(now)) are called with their defaults.
    else if (typeof value === 'function' && /Schema$/.test(name) && value.length === 0) {
      const made: unknown = (value as () => unknown)();
      if (made instanceof z.ZodType) found.push([name, made]);
    }
  }
  return found;
}

describe('validation messages', () => {
  it('every message a shared schema gives for bad input is a known descriptor', () => {
    const unknown = new Set<string>();
    let schemas = 0;
    for (const [file, exports] of Object.entries(modules)) {
      for (const [name, schema] of schemasOf(exports)) {
        schemas++;
        for (const value of badValues(schema)) {
          const result = schema.safeParse(value, { error: () => ZOD_DEFAULT });
          for (const issue of result.success ? [] : result.error.issues) {
            if (issue.message === ZOD_DEFAULT || apiOnly(issue.message) || knownValidationMessage(issue.message)) continue;
            unknown.add(`${file} ${name}: ${issue.message}`);
          }
        }
      }
    }
    expect(schemas).toBeGreaterThan(50);
    expect([...unknown]).toEqual([]);
  }, 60_000);

  it('no shared schema writes a message as a bare text', () => {
    // A literal passed where zod takes a message: .min(1, '...'), { error: '...' }, { message: '...' }, z.email('...').
    const literal = /\.(?:min|max|length|regex|int|refine|email|uuid|url|nonempty|gte|lte|gt|lt)\([^()]*?,\s*(['"`])(.+?)\1|\b(?:error|message|required|tooLong):\s*(['"`])(.+?)\3|z\.(?:email|uuid|url)\((['"`])(.+?)\5|dateInput\((['"`])(.+?)\7/g;
    const bare: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      for (const line of text.split('\n')) {
        if (line.includes('/*i18n*/')) continue;
        for (const match of line.matchAll(literal)) {
          const message = (match[2] ?? match[4] ?? match[6] ?? match[8] ?? '');
          if (!apiOnly(message)) bare.push(`${file}: ${message}`);
        }
      }
    }
    expect(bare).toEqual([]);
  });

  it('each descriptor has an id of its own, its English and a value for every placeholder', () => {
    const all = validationMessages();
    expect(all.length).toBeGreaterThan(80);
    const ids = new Set<string>();
    for (const { descriptor, values } of all) {
      expect(descriptor.id).toMatch(/^validation\.[a-z_]+\.[a-z_]+$/);
      expect(ids.has(descriptor.id), descriptor.id).toBe(false);
      ids.add(descriptor.id);
      expect(descriptor.message, descriptor.id).toBeTruthy();
      for (const [, name] of (descriptor.message ?? '').matchAll(/\{(\w+)\}/g)) expect(values?.[name!], `${descriptor.id} {${name}}`).toBeDefined();
    }
  });

  it('keeps the English the API answers, placeholders filled in', () => {
    const ridesMax = knownValidationMessage('Maximum 100 riders');
    expect(ridesMax?.descriptor.id).toBe('validation.ride.riders_max');
    expect(knownValidationMessage('validation.ride.riders_max')).toBe(ridesMax);
    expect(knownValidationMessage('Ride name is required')?.descriptor.id).toBe('validation.ride.name_required');
    expect(knownValidationMessage('Something else')).toBeUndefined();
  });
});
