/**
 * The values of the one column a query selects, in the rows' order: the ids a repository hands
 * back, written as `columnValues(db.selectFrom(…).select('user_id')…)` instead of executing the
 * query and mapping each row to its one field.
 */
export async function columnValues<Row extends Record<string, unknown>>(query: { execute(): Promise<Row[]> }): Promise<Array<Row[keyof Row]>> {
  const rows = await query.execute();
  return rows.map((row) => Object.values(row)[0] as Row[keyof Row]);
}
