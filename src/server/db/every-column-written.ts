import type { InsertType } from 'kysely';

/** Whether the database fills the column when an insert leaves it out (a `Generated` column). */
type Defaulted<C> = undefined extends InsertType<C> ? true : false;

/**
 * A new row that names every column of its table. Kysely's Insertable lets a nullable column be
 * left out, so a column added to the table and forgotten by an insert would silently stay null;
 * here only the columns the database fills itself (`Generated` in db/schema.ts) may be left out.
 */
export type NewRow<Table> = { [K in keyof Table as Defaulted<Table[K]> extends true ? never : K]-?: InsertType<Table[K]> } & {
  [K in keyof Table as Defaulted<Table[K]> extends true ? K : never]?: InsertType<Table[K]>;
};

/**
 * The columns of `written` whose values differ from the stored row's: what an edit computed in full
 * (every column a form's fields write) reduced to what it changes. Numbers PostgreSQL hands back as
 * text compare by their text.
 */
export function changedColumns<Row extends object, Written extends { [K in keyof Written]: K extends keyof Row ? unknown : never }>(stored: Row, written: Written): Partial<Written> {
  const changed: Partial<Written> = {};
  for (const column of Object.keys(written) as Array<keyof Written & keyof Row>) {
    const before: unknown = stored[column];
    const after: unknown = written[column];
    const same = before === after || (before !== null && after !== null && typeof before !== 'object' && String(before) === String(after));
    if (!same) changed[column] = written[column];
  }
  return changed;
}
