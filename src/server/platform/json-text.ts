/**
 * A reply body that is JSON text already, sent as it is (app.ts sets the reply serializer). Ride
 * lists are put together from cards kept as JSON text (rides/ride-cards.ts); parsing them only for
 * Fastify to serialize them again was most of a list read's work. The response serializer
 * (platform/response-contract.ts) sends the text unparsed, outside the tests. `T` is the shape the text
 * holds, for readers of the code.
 */
export class JsonText<T> {
  declare private readonly shape?: T;
  constructor(readonly text: string) {}

  /** Only if an answer ever reached plain JSON.stringify (a route without a schema for it): the same JSON, slower. */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }

  static list<T>(items: Array<JsonText<T>>): JsonText<T[]> {
    return new JsonText<T[]>(`[${items.map((item) => item.text).join(',')}]`);
  }
}

/**
 * A route handler's answer that is JSON text already, typed as the value the text holds so the
 * route's response schema types the handler. The serializer sends the text as it is
 * (platform/response-contract.ts).
 */
export function preSerialized<T>(json: JsonText<T>): T {
  return json as unknown as T;
}

/**
 * JSON text with every character beyond ASCII written as a `\u` escape: the same value to any JSON
 * reader. V8 keeps a string that holds any character beyond Latin-1 (an emoji in a ride's name, say)
 * in two bytes per character, and a list put together from such a piece becomes two-byte whole;
 * turning that into UTF-8 for the socket is several times slower. On the benchmark, one emoji in one
 * of 73 upcoming rides cut the requests served per second from about 2,000 to 1,230. Cards are
 * kept as ASCII, so a list of them stays one byte per character.
 */
export function asciiJson(json: string): string {
  return json.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const NON_ASCII = /[\u0080-\uffff]/g;
