import type { Kysely } from 'kysely';

// Road geometries from the router (ROUTER_URL), shared by every app process.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('route_cache')
    .addColumn('key', 'text', (c) => c.primaryKey()) // SHA-256 of router URL and coordinates
    .addColumn('geometry', 'text', (c) => c.notNull()) // JSON [[lat, lon], ...]
    .addColumn('distance_km', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('route_cache').execute();
}
