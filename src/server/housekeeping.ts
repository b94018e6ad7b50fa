import type { AppContext } from './context';
import type { Config } from './config';
import { nowIso } from './db/database';
import { sessionsRepository } from './auth/sessions.repository';
import { magicLinksRepository } from './auth/magic-links.repository';
import { removeAbandonedGuests } from './users/users.service';
import { purgeGeocodeCache } from './geocoding/geocoding.service';
import { createStorage } from './platform/storage';
import { sendRideReminders } from './rides/reminders';
import { checkMinimumRiders } from './rides/minimum-riders';
import { enqueueReminderDeliveries } from './rides/reminder-deliveries';
import { makeSeriesRides } from './rides/series/series.service';
import { sweepOrphanMedia } from './media/media-sweep.service';
import { sweepPreviewPictures } from './previews/picture-sweep';
import { refreshGpxSummaries } from './media/gpx-summary-refresh.service';
import { LONGEST_WINDOW_MS, writeCountersRepository } from './limits/write-counters';
import { deleteOldUploadCounters } from './limits/guest-upload-limits';
import { runDueDeliveries } from './deliveries/deliveries.worker';
import { deliverySenders } from './deliveries/senders';
import { runDigests } from './deliveries/digests';

const HOUR_MS = 3600 * 1000;

/**
 * At start, before any process of this server accepts an upload: every temp file left is from a
 * process that died mid-upload (a crash, a SIGKILL, a power cut), so all go at once rather than
 * after the 24 hours the running job waits (which spares uploads in progress in live workers).
 */
export function sweepTempFilesAtStart(config: Config): Promise<number> {
  return createStorage(config).sweepTempFiles(0);
}

/** Idempotent clean-up jobs the scheduler runs in every app process. */
export function housekeepingJobs(ctx: AppContext) {
  return [
    { name: 'remove-abandoned-guests', everyMs: 6 * HOUR_MS, run: () => removeAbandonedGuests(ctx.db) },
    { name: 'remove-expired-sessions', everyMs: HOUR_MS, run: () => sessionsRepository.deleteExpired(ctx.db, nowIso()) },
    // Links are kept a day past expiry so the per-address rate limit can still count them.
    { name: 'remove-old-magic-links', everyMs: HOUR_MS, run: () => magicLinksRepository.deleteOlderThan(ctx.db, new Date(Date.now() - 24 * HOUR_MS).toISOString()) },
    // Temp files left by a process that stopped in the middle of an upload.
    { name: 'sweep-upload-temp-files', everyMs: 6 * HOUR_MS, run: () => createStorage(ctx.config).sweepTempFiles(24 * HOUR_MS) },
    // Files of media rows removed with their ride or group.
    { name: 'sweep-orphan-media', everyMs: 6 * HOUR_MS, run: () => sweepOrphanMedia(ctx, createStorage(ctx.config)) },
    // Link preview pictures no longer any visible subject's today (an older route or photo, a ride deleted or made private), claimed row by row.
    { name: 'sweep-preview-pictures', everyMs: 6 * HOUR_MS, run: () => sweepPreviewPictures(ctx) },
    // GPX summaries an older reader measured (a track and a route of one road counted twice), read again once from the stored files.
    { name: 'refresh-gpx-summaries', everyMs: 6 * HOUR_MS, run: () => refreshGpxSummaries(ctx, createStorage(ctx.config)) },
    { name: 'ride-reminders', everyMs: 15 * 60 * 1000, run: () => sendRideReminders(ctx) },
    // Reminders by mail and push at each rider's chosen times, into the outbox (once per rider, ride and choice by its key).
    { name: 'ride-reminder-deliveries', everyMs: 5 * 60 * 1000, run: () => enqueueReminderDeliveries(ctx) },
    // Minimum riders decisions (each claimed in the database, so told once whatever runs this).
    { name: 'minimum-riders-decisions', everyMs: 5 * 60 * 1000, run: () => checkMinimumRiders(ctx) },
    // The rides of every series for the coming weeks (each day's ride made once by its unique key, whatever runs this).
    { name: 'ride-series', everyMs: HOUR_MS, run: () => makeSeriesRides(ctx) },
    // Write-limit windows that have ended (the longest lasts an hour).
    { name: 'remove-old-write-counters', everyMs: HOUR_MS, run: () => writeCountersRepository.deleteWindowsBefore(ctx.db, new Date(Date.now() - LONGEST_WINDOW_MS).toISOString()) },
    // Guests' upload totals of days that have ended.
    { name: 'remove-old-upload-counters', everyMs: 6 * HOUR_MS, run: () => deleteOldUploadCounters(ctx.db) },
    // The outbox: mails (and pushes) due, claimed row by row, so every server may run it at once.
    // Every 20 seconds, so urgent types (a cancellation, a seat) leave within a minute.
    { name: 'deliveries', everyMs: 20_000, run: () => runDueDeliveries(ctx, deliverySenders()) },
    // Digests (daily, weekly): each rider's held items gathered into one mail at its time, once by its key.
    { name: 'digests', everyMs: 5 * 60 * 1000, run: () => runDigests(ctx) },
    { name: 'purge-geocode-cache', everyMs: 24 * HOUR_MS, run: () => purgeGeocodeCache(ctx) },
  ];
}
