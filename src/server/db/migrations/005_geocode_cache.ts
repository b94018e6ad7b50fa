import type { Kysely } from 'kysely';

// Answers of the outside geocoder (GEOCODER_URL), shared by every app process, and the request slot
// that holds all processes together to 1 request per second.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('geocode_cache')
    .addColumn('key', 'text', (c) => c.primaryKey()) // SHA-256 of service URL, kind and query
    .addColumn('results', 'text', (c) => c.notNull()) // JSON array of location search results
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('geocode_cache_created_idx').on('geocode_cache').column('created_at').execute();

  await db.schema
    .createTable('geocoder_slots')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_at', 'double precision', (c) => c.notNull()) // epoch milliseconds
    .execute();
  await db.insertInto('geocoder_slots' as never).values({ name: 'remote', next_at: 0 } as never).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('geocoder_slots').execute();
  await db.schema.dropTable('geocode_cache').execute();
}
