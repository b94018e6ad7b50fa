import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { deliveriesRepository } from './deliveries.repository';

/** What `npm run deliveries` lists (deliveries.cli.ts), kept apart so tests read it without running the command. */
export type ListedDelivery = Awaited<ReturnType<typeof deliveriesRepository.listForOperator>>[number];

/** One delivery as the operator reads it: when, what, to whom, its state and its last error. */
export function formatDelivery(row: ListedDelivery): string {
  const retrying = row.state === 'pending' && row.last_error ? ` (next try ${row.due_at})` : '';
  return [
    `${row.created_at}  ${row.channel} ${row.type} to ${row.handle ?? '(deleted rider)'}: ${row.state}${retrying}, ${Number(row.attempts)} attempt${Number(row.attempts) === 1 ? '' : 's'}`,
    ...(row.last_error ? [`    last error: ${row.last_error}`] : []),
    '',
  ].join('\n');
}


/** The failed deliveries and those being tried again after a failure (with `all`, every one), newest first. */
export async function listDeliveries(db: Kysely<Database>, options: { all: boolean; limit: number }): Promise<ListedDelivery[]> {
  const rows = await deliveriesRepository.listForOperator(db, options.all ? ['failed', 'pending', 'sent', 'skipped'] : ['failed', 'pending'], options.limit);
  return options.all ? rows : rows.filter((row) => row.state === 'failed' || row.last_error !== null);
}
