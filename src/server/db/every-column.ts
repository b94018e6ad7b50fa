/**
 * A table's columns, each named, for a select that must read them all without `table.*`: on
 * PostgreSQL a statement that reads `*` is planned again on every run (database.ts,
 * READS_EVERY_COLUMN), which for a list with correlated counts costs more than running it. The
 * list is checked against the table's type, so a column added to the table and not here fails to
 * compile instead of going missing from the rows.
 *
 * everyColumn<GroupsTable>()('groups', ['id', 'name', ...]) -> ['groups.id', 'groups.name', ...]
 */
export function everyColumn<Table>() {
  return <const Name extends string, const Columns extends ReadonlyArray<keyof Table & string>>(
    table: Name,
    columns: Columns & (Exclude<keyof Table, Columns[number]> extends never ? unknown : { missing: Exclude<keyof Table, Columns[number]> }),
  ): Array<`${Name}.${Columns[number]}`> => columns.map((column) => `${table}.${column}` as `${Name}.${Columns[number]}`);
}
