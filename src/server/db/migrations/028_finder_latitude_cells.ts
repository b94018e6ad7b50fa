import { sql, type Kysely } from 'kysely';

/**
 * The finders' indexes by latitude cell (db/nearest.ts, latitudeCell), for their budget of
 * a 5 ms median at 1,000,000 rides (bench/run.ts; docs/decisions/2026-11-24-scale.md). They
 * replace the (latitude, longitude) indexes, which the finders alone used. The ride index also
 * holds what the ride finder filters on and returns, so its candidates are read from the index alone.
 * The expression is written as the repositories write it: `cast(<latitude> * 10 as integer)`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index rides_start_cell_idx on rides ((cast(start_latitude * 10 as integer)), start_longitude, start_latitude, end_date, status, id)`.execute(db);
  await db.schema.dropIndex('rides_start_lat_lon_idx').execute();
  await sql`create index groups_cell_idx on groups ((cast(latitude * 10 as integer)), longitude, latitude, id)`.execute(db);
  await db.schema.dropIndex('groups_lat_lon_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('groups_lat_lon_idx').on('groups').columns(['latitude', 'longitude']).execute();
  await db.schema.dropIndex('groups_cell_idx').execute();
  await db.schema.createIndex('rides_start_lat_lon_idx').on('rides').columns(['start_latitude', 'start_longitude']).execute();
  await db.schema.dropIndex('rides_start_cell_idx').execute();
}
