/**
 * The columns a partial update (PATCH) writes: each field of `input` that `columns` names and the
 * request sent (not undefined), under its column's name. A field left out leaves its column as it is.
 * Fields that need converting before they are stored are spread in by the caller beside it.
 */
export function sentColumns<I extends object, const C extends { readonly [K in keyof I]?: string }>(
  input: I,
  columns: C,
): { [K in keyof C as C[K] extends string ? C[K] : never]?: K extends keyof I ? Exclude<I[K], undefined> : never } {
  const sent: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns) as Array<[keyof I, string]>) {
    if (input[field] !== undefined) sent[column] = input[field];
  }
  return sent as never;
}
