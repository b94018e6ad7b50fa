/**
 * A reply body that is JSON text already, sent as it is (app.ts sets the reply serializer). Ride
 * lists are put together from cards kept as JSON text (rides/ride-cards.ts); parsing them only for
 * Fastify to serialize them again was most of a list read's work. `T` is the shape the text
 * holds, for readers of the code.
 */
export class JsonText<T> {
  declare private readonly shape?: T;
  constructor(readonly text: string) {}

  static list<T>(items: Array<JsonText<T>>): JsonText<T[]> {
    return new JsonText<T[]>(`[${items.map((item) => item.text).join(',')}]`);
  }
}

/** Fastify's reply serializer: JSON text as it is, any other payload through JSON.stringify as before. */
export function serializeReply(payload: unknown): string {
  return payload instanceof JsonText ? payload.text : JSON.stringify(payload);
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
