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
