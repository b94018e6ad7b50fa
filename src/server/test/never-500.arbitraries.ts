import fc from 'fast-check';
import { z } from 'zod';
import type { RouteOptions } from 'fastify';

/**
 * Route enumeration and fast-check arbitraries for the never-500 property test
 * (src/server/never-500.test.ts): every route the app registers, and hostile bodies, query
 * strings and path ids shaped by the route's own zod schemas.
 */

export interface CollectedRoute {
  method: string;
  url: string;
  params: string[];
  body: JsonSchema | null;
  querystring: JsonSchema | null;
}

/** The subset of JSON Schema (as zod's toJSONSchema writes it) the arbitraries read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
}

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** An onRoute listener and the list it fills: one entry per method of each route, in registration order. */
export function routeCollector() {
  const routes: CollectedRoute[] = [];
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; hide?: boolean };
    // The OpenAPI document and its page (Swagger UI's routes, a redirect among them) are not the API.
    if (schema.hide) return;
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        params: [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
        body: jsonSchemaOf(schema.body),
        querystring: jsonSchemaOf(schema.querystring),
      });
    }
  };
  return { routes, onRoute };
}

// A JSON value that JSON.stringify cannot write (1e400, a number past every integer type) travels
// as this marker and is spliced into the JSON text afterwards.
const RAW_MARK = '\u0001raw:';
const raw = (jsonText: string) => `${RAW_MARK}${jsonText}`;

/** Body text for a value, with raw JSON numbers spliced in. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001raw:([^"]*)"/g, '$1');
}

/** Dates that Date.parse takes (or nearly) but little else can: the edges of the Date range, words, impossible days. */
export const HOSTILE_DATES = [
  'tomorrow',
  'now',
  '+275760-09-13T00:00:00.000Z',
  '+275760-09-12T23:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.001Z',
  '+010000-01-01T00:00:00.000Z',
  '0000-01-01T00:00:00.000Z',
  '0001-01-01',
  '9999-12-31T23:59:59.999Z',
  '2026-02-30',
  '2026-13-01',
  '1',
  '-1',
  'Jan 1',
  'x 2026',
  '1970-01-01T00:00:00.000Z',
];

const LONG_TEXT = 'y'.repeat(10_000);

export const HOSTILE_STRINGS = [
  ...HOSTILE_DATES,
  '',
  ' ',
  '\t\n',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '9'.repeat(40),
  '-9223372036854775809',
  '2147483648',
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '.',
  '..',
  '../../etc/passwd',
  '%',
  '%00',
  '\u0000',
  'ride\u0000name',
  '\uD800',
  '\uFFFE',
  '🏍️💨',
  '東京都渋谷区',
  'Ελληνικά νησιά',
  'مرحبا بالعالم',
  'Мотоклуб Ночные Волки',
  'e\u0301\u0301\u0301',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'UTC+99:99',
  'UTC+14:00',
  'UTC-12:00',
  'a@b',
  'x'.repeat(300),
  LONG_TEXT,
];

export const HOSTILE_NUMBERS: unknown[] = [
  0,
  -0,
  -1,
  0.5,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  5e-324,
  raw('1e400'),
  raw('-1e400'),
  raw('123456789012345678901234567890'),
];

const HOSTILE_STRUCTURES: unknown[] = [null, true, false, [], {}, [1, 'a', null], { a: { b: { c: [{}] } } }, [[[[[[]]]]]], { __proto__: null, constructor: 'x' }];

/** Strings for a path segment: the hostile strings and a few that only matter in a URL. */
const HOSTILE_PATH_SEGMENTS = [...HOSTILE_STRINGS, '%2e%2e', '%2F', '?x=1', '#frag', 'ñandú', 'z'.repeat(70), 'z'.repeat(301)];

/**
 * Path segments sent as written (not percent-encoded): a lone "%" or a broken escape must be a
 * 400 like any other bad input.
 */
const RAW_PATH_SEGMENTS = ['..', '.', '%', '%zz', '%E0%A4%A', '%00', '%C0%AF', '%2e%2e%2f'];

export function hostileValue(realIds: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRUCTURES) },
    { weight: 2, arbitrary: fc.constantFrom(...realIds) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

/** What a valid value looks like for a field, guessed from its name where a schema cannot say (dates, time zones, ids). */
export interface FieldHints {
  futureDate: string;
  /** Real ids for fields named like "groupId" or "rideId", by the name's stem. */
  idsByField: Record<string, string[]>;
}

function hintedValue(name: string, hints: FieldHints): fc.Arbitrary<unknown> | null {
  if (/date|deadline/i.test(name)) return fc.constant(hints.futureDate);
  if (name === 'timezoneOffset') return fc.constantFrom('UTC+01:00', 'UTC+00:00', 'UTC-05:00', 'UTC+05:30');
  if (name === 'timezoneName') return fc.constantFrom('Berlin', 'UTC', 'New York');
  if (/email/i.test(name)) return fc.constant('rider@example.com');
  if (name === 'points') return fc.constantFrom('44.4949,11.3426;44.8015,10.328', '44.4949,11.3426;44.6,11;44.8015,10.328');
  if (name === 'inviterFirstName' || name === 'firstName') return fc.constant('Anna');
  const ids = hints.idsByField[name];
  if (ids) return fc.constantFrom(...ids);
  return null;
}

/** A value the schema accepts (as far as a schema can say), built from its JSON Schema. */
export function validValue(schema: JsonSchema, name: string, hints: FieldHints, realIds: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  const hinted = hintedValue(name, hints);
  if (hinted) {
    if (schema.type === 'array' && schema.items) return fc.array(hinted, { minLength: Math.max(1, schema.minItems ?? 0), maxLength: 3 });
    return hinted;
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) {
    const options = schema.anyOf.filter((s) => s.type !== 'null');
    if (options.length === 0) return fc.constant(null);
    return fc.oneof(...options.map((s) => validValue(s, name, hints, realIds, depth)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 60, 60);
      if (schema.format === 'email') return fc.constant('rider@example.com');
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
      const plain = fc.constantFrom('Bologna', 'Passo dello Stelvio', 'Ride out', 'A long ride with friends').filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
      return fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, max) }) });
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : min + 1000);
      const typical = fc.constant(typeof schema.default === 'number' ? schema.default : min);
      const any = type === 'integer' ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
      return fc.oneof({ weight: 4, arbitrary: typical }, { weight: 1, arbitrary: any });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (!schema.items || depth > 3) return fc.constant([]);
      return fc.array(validValue(schema.items, name, hints, realIds, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object':
      return depth > 3 ? fc.constant({}) : shapedObject(schema, hints, realIds, depth + 1, false);
    default:
      return hostileValue(realIds);
  }
}

/**
 * An object shaped like the schema: every required field and some optional ones valid, and (most
 * of the time) exactly one field hostile, so the hostile value gets past the other fields'
 * validation and reaches the code behind it.
 */
export function shapedObject(schema: JsonSchema, hints: FieldHints, realIds: readonly string[], depth = 0, withHostile = true): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const required = new Set(schema.required ?? []);
  const fields = fc.record(
    Object.fromEntries(names.map((n) => [n, required.has(n) ? validValue(properties[n]!, n, hints, realIds, depth) : fc.option(validValue(properties[n]!, n, hints, realIds, depth), { nil: undefined })])),
  ) as fc.Arbitrary<Record<string, unknown>>;
  type Change = { field: string; value: unknown } | { field: string; drop: true } | null;
  const change: fc.Arbitrary<Change> = !withHostile
    ? fc.constant(null)
    : fc.oneof(
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom(...names, 'unexpectedField').map((field) => ({ field, drop: true as const })) },
        {
          weight: 6,
          arbitrary: fieldToSpoil(names).chain((field) => hostileFor(properties[field] ?? {}, field, hints, realIds, depth).map((value) => ({ field, value }))),
        },
      );
  return fc.tuple(fields, change).map(([base, c]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(base)) if (v !== undefined) out[k] = v;
    if (c && 'drop' in c) delete out[c.field];
    else if (c) out[c.field] = c.value;
    return out;
  });
}

/**
 * Which field gets the hostile value: any, or one the schema does not know; date fields more
 * often, since a date text is where Date.parse lets through what later code cannot compute with.
 */
function fieldToSpoil(names: string[]): fc.Arbitrary<string> {
  return fc.oneof(...[...names, 'unexpectedField'].map((name) => ({ weight: DATE_FIELD.test(name) ? 4 : 1, arbitrary: fc.constant(name) })));
}

const DATE_FIELD = /date|deadline|time|before|after|since|until/i;

/**
 * A hostile value for one field, most often of the type the field expects (so it gets past the
 * type check to the code behind it): dates Date.parse takes but nothing else can for date fields,
 * extreme numbers for numbers, hostile text for text, hostile items in arrays and objects.
 */
export function hostileFor(schema: JsonSchema, name: string, hints: FieldHints, realIds: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  const any = hostileValue(realIds);
  const options = schema.anyOf?.filter((s) => s.type !== 'null') ?? [];
  if (options.length > 0) return fc.oneof(...options.map((option) => hostileFor(option, name, hints, realIds, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const typed = (arbitrary: fc.Arbitrary<unknown>) => fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: any });
  if (type === 'string' && DATE_FIELD.test(name)) return typed(fc.constantFrom(...HOSTILE_DATES, '', ' '));
  if (type === 'string') return typed(fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.constantFrom(...realIds)));
  if (type === 'number' || type === 'integer') return typed(fc.constantFrom(...HOSTILE_NUMBERS));
  if (type === 'array' && schema.items && depth < 3) {
    const valid = validValue(schema.items, name, hints, realIds, depth + 1);
    const hostileItem = hostileFor(schema.items, name, hints, realIds, depth + 1);
    return typed(fc.oneof(fc.tuple(fc.array(valid, { maxLength: 2 }), hostileItem).map(([items, bad]) => [...items, bad]), fc.array(valid, { minLength: 11, maxLength: 70 })));
  }
  if (type === 'object' && depth < 3) return typed(shapedObject(schema, hints, realIds, depth + 1));
  return any;
}

/** A request body: shaped like the route's schema, anything at all, or text that is not JSON. */
export function bodyArbitrary(route: CollectedRoute, hints: FieldHints, realIds: readonly string[]): fc.Arbitrary<RequestBody> {
  const json = (value: unknown): RequestBody => ({ contentType: 'application/json', payload: toJsonText(value) });
  const shaped = route.body ? shapedObject(route.body, hints, realIds) : fc.constant({});
  return fc.oneof(
    { weight: 16, arbitrary: shaped.map(json) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(json) },
    { weight: 2, arbitrary: hostileValue(realIds).map(json) },
    { weight: 2, arbitrary: fc.array(shaped, { maxLength: 2 }).map(json) },
    { weight: 2, arbitrary: oddBody() },
    // A write without a JSON body schema may read a multipart upload (POST /api/media, /api/bug-reports).
    { weight: route.body ? 2 : 10, arbitrary: multipartBody(realIds) },
  );
}

export interface RequestBody {
  contentType: string | null;
  payload: string | Buffer;
}

/** Bodies of the wrong kind: no body, broken JSON, proto poisoning, other content types. */
function oddBody(): fc.Arbitrary<RequestBody> {
  return fc.constantFrom<RequestBody>(
    { contentType: 'application/json', payload: '' },
    { contentType: 'application/json', payload: '{' },
    { contentType: 'application/json', payload: '{"a":1}{"b":2}' },
    { contentType: 'application/json', payload: '{"__proto__":{"isAdmin":true}}' },
    { contentType: 'application/json', payload: '{"constructor":{"prototype":{"isAdmin":true}}}' },
    { contentType: 'application/json', payload: `"${'\\u0000'.repeat(10)}"` },
    { contentType: 'application/json', payload: '[' + '['.repeat(5000) + ']'.repeat(5001) },
    { contentType: 'application/json', payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]) },
    { contentType: 'application/json; charset=latin1', payload: '{}' },
    { contentType: 'text/plain', payload: '{}' },
    { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
    { contentType: 'application/xml', payload: '<a/>' },
    { contentType: 'multipart/form-data', payload: 'no boundary' },
    { contentType: 'multipart/form-data; boundary=xyz', payload: '' },
    { contentType: 'multipart/form-data; boundary=xyz', payload: 'garbage without any boundary' },
    { contentType: 'multipart/form-data; boundary=xyz', payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nhalf a file' },
    { contentType: null, payload: '' },
    { contentType: 'image/jpeg', payload: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) },
  );
}

/**
 * The text fields the upload routes read (POST /api/media, POST /api/bug-reports) with values they
 * accept, and one they do not read.
 */
const MULTIPART_FIELDS: Record<string, (realIds: readonly string[]) => fc.Arbitrary<string>> = {
  type: () => fc.constantFrom('image', 'avatar', 'background'),
  associatedType: () => fc.constantFrom('profile', 'ride', 'group', 'user_avatar', 'user_background', 'group_image'),
  associatedId: (realIds) => fc.constantFrom(...realIds),
  description: () => fc.constantFrom('The pass at dawn', 'A real bug with enough words'),
  title: () => fc.constantFrom('Map does not load'),
  pageUrl: () => fc.constantFrom('http://rc.test/rides'),
  other: () => fc.constantFrom('x'),
};

/** The smallest PNG there is (1 x 1 pixel): an upload that gets past the file checks, so its fields are what is tested. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const UPLOADED_FILES = [TINY_PNG, TINY_PNG, Buffer.alloc(0), Buffer.from('not an image'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0]), Buffer.from('<?xml version="1.0"?><gpx><trk>'), Buffer.from('GIF89a')];

/** A well-formed multipart body: the upload fields, one of them (or none) hostile, and a file (often a real image, else garbage) or none. */
function multipartBody(realIds: readonly string[]): fc.Arbitrary<RequestBody> {
  const hostileText = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 1000)), fc.constantFrom(...realIds), fc.string({ maxLength: 20 }));
  const fields = fc.record(Object.fromEntries(Object.entries(MULTIPART_FIELDS).map(([name, valid]) => [name, fc.option(valid(realIds), { nil: undefined, freq: 2 })]))) as fc.Arbitrary<Record<string, string | undefined>>;
  const file = fc.option(
    fc.record({
      name: fc.constantFrom('file', 'file', 'screenshot', 'other'),
      filename: fc.constantFrom('a.png', 'a.jpg', 'route.gpx', '', '../../x.png', 'ü.mp4', 'a\u0000.png'),
      data: fc.constantFrom(...UPLOADED_FILES),
    }),
    { nil: undefined, freq: 5 },
  );
  const hostileField = fc.option(fc.constantFrom(...Object.keys(MULTIPART_FIELDS)), { nil: undefined });
  return fc.tuple(fields, hostileField, hostileText, file, fc.boolean()).map(([values, hostileName, hostile, upload, fileFirst]) => {
    if (hostileName) values[hostileName] = hostile;
    const boundary = 'never500boundary';
    const textParts = Object.entries(values)
      .filter(([, v]) => v !== undefined)
      .map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    const fileParts = upload
      ? [
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${upload.name}"; filename="${upload.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
          upload.data,
          Buffer.from('\r\n'),
        ]
      : [];
    const parts = fileFirst ? [...fileParts, ...textParts] : [...textParts, ...fileParts];
    return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]) };
  });
}

/** Query parameters as text (an array repeats its key; other values as JSON). */
function encodeQuery(entries: Array<[string, unknown]>): string {
  const asText = (v: unknown) => (typeof v !== 'string' ? toJsonText(v) : v.startsWith(RAW_MARK) ? v.slice(RAW_MARK.length) : v);
  return entries
    .flatMap(([k, v]) => (Array.isArray(v) && v.length > 0 ? v.map((item) => [k, item] as const) : [[k, v] as const]))
    .map(([k, v]) => `${encodeText(k)}=${encodeText(asText(v))}`)
    .join('&');
}

/** A query string: the route's own parameters with one hostile value, arbitrary keys, or broken escapes. */
export function queryArbitrary(route: CollectedRoute, hints: FieldHints, realIds: readonly string[]): fc.Arbitrary<string> {
  const encode = encodeQuery;
  const shaped = route.querystring ? shapedObject(route.querystring, hints, realIds).map((o) => encode(Object.entries(o))) : fc.constant('');
  const arbitraryKeys = fc.dictionary(fc.constantFrom('q', 'id', 'limit', 'offset', 'before', 'cursor', 'page', 'latitude', 'radius', 'x'), hostileValue(realIds), { maxKeys: 3 }).map((o) => encode(Object.entries(o)));
  const rawQueries = fc.constantFrom('%', '%zz', 'q=%E0%A4%A', '&&&', '=', 'q', 'q[]=1&q[]=2', 'q[a]=1', 'q=1&q=2', `q=${'a'.repeat(10_000)}`, 'q=%00', 'latitude=1&latitude=2&longitude=x');
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 2, arbitrary: arbitraryKeys }, { weight: 2, arbitrary: rawQueries });
}

/** A query string the route accepts, as far as its schema says. */
export function validQueryArbitrary(route: CollectedRoute, hints: FieldHints, realIds: readonly string[]): fc.Arbitrary<string> {
  if (!route.querystring) return fc.constant('');
  return shapedObject(route.querystring, hints, realIds, 0, false).map((o) => encodeQuery(Object.entries(o)));
}

/** A path parameter: a real id of the right kind (most often), a real id of another kind, or hostile text. */
export function pathSegmentArbitrary(rightIds: readonly string[], realIds: readonly string[]): fc.Arbitrary<string> {
  const encoded = fc.oneof(fc.constantFrom(...HOSTILE_PATH_SEGMENTS), fc.constantFrom(...realIds), fc.string({ unit: 'binary', maxLength: 30 })).map(encodeText);
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...rightIds.map(encodeText)) }, { weight: 4, arbitrary: encoded }, { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS) });
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is written as the bytes
 * UTF-8 would give it: invalid UTF-8 on the wire, which the server must refuse too.
 */
export function encodeText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out += code >= 0xd800 && code <= 0xdfff ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('') : encodeURIComponent(char);
  }
  return out;
}

/** A Cookie header from a visitor without a real session: none, a forged session or sign-in nonce, or a broken header. */
export function forgedCookieArbitrary(): fc.Arbitrary<string | null> {
  const printable = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 });
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: printable.map((v) => `rc_session=${v}`) },
    { weight: 1, arbitrary: printable.map((v) => `rc_link_nonce=${v}`) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('rc_session=', `rc_session=${'a'.repeat(5000)}`, 'rc_session=%00', 'rc_session=%E0%A4%A', 'rc_session="open', 'rc_session=a; rc_session=b', '=;;=', 'rc_session', '__Host-rc_session=x'),
    },
  );
}

/** The URL with its parameters filled in. */
export function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => values[name] ?? '');
}
