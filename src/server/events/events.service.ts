import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { newId } from '../platform/tokens';
import { eventsRepository } from './events.repository';

type Executor = Kysely<Database> | Transaction<Database>;
export type EventProperties = Record<string, string | number | boolean | null>;

/**
 * The app's own activity log (spec 1 section 7, spec 2: welcome actions, group and ride creation).
 * Stored with the rest of the data; no third-party tracker sees it.
 */
export async function track(db: Executor, category: string, event: string, properties: EventProperties = {}, userId: string | null = null): Promise<void> {
  await eventsRepository.insert(db, {
    id: newId(),
    user_id: userId,
    category,
    event,
    properties: JSON.stringify(properties),
    created_at: nowIso(),
  });
}
