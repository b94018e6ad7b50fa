/**
 * The columns a partial update (PATCH) writes: each field of `input` the request sent (not
 * undefined), under the column `columns` names for it. A field left out leaves its column as it is.
 * `columns` names every field of the input, each with its column or null for a field the caller
 * writes itself (one converted, checked or placed before it is stored): a field added to the
 * request's schema is a compile error here until it is given a column or a caller.
 */
export function sentColumns<I extends object, const C extends { readonly [K in keyof Required<I>]: string | null }>(
  input: I,
  columns: C,
): { [K in keyof C as C[K] extends string ? C[K] : never]?: K extends keyof I ? Exclude<I[K], undefined> : never } {
  const sent: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns) as Array<[keyof I, string | null]>) {
    if (column !== null && input[field] !== undefined) sent[column] = input[field];
  }
  return sent as never;
}
