import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { addDays, seriesRuleSchema, type SeriesRule } from '../../../shared/series/series-rule';
import { seriesRepository } from './series.repository';

/** A series that passed to the group's owner, as its new owner is told of it. */
export interface HandedSeries {
  id: string;
  name: string;
  /** Its repeat rule: the notification words it in its reader's language. */
  rule: SeriesRule;
  /** Its rides that have not started, in order: the notification opens the first, and no ride of it is told of alone. */
  rideIds: string[];
}

/**
 * A rider who leaves the group or is removed hands the series they made there that still make
 * rides to the group's owner, inside that transaction (issue 29): a series would otherwise stop
 * making rides without a word, as makeRide plans nothing for an owner no longer in the group. The
 * owner runs it as they run the rides handed to them; its riders keep riding every one.
 */
export async function handOverSeries(tx: Transaction<Database>, groupId: string, fromId: string, toId: string, now = new Date()): Promise<HandedSeries[]> {
  // Every zone is within a day of UTC: a series whose last day is before this one has ended everywhere.
  const earliestDay = addDays(now.toISOString().slice(0, 10), -1);
  const handed: HandedSeries[] = [];
  for (const series of await seriesRepository.passOwnership(tx, groupId, fromId, toId, earliestDay)) {
    const rides = await seriesRepository.ridesFrom(tx, series.id, earliestDay);
    handed.push({
      id: series.id,
      name: series.name,
      rule: seriesRuleSchema.parse(JSON.parse(series.rule)),
      rideIds: rides.filter((r) => r.start_date > now.toISOString()).map((r) => r.id),
    });
  }
  return handed;
}
