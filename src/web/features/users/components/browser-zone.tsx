import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { isKnownZone, zoneOffsetLabel, zoneOffsetMinutes } from '../../../../shared/timezones/zoned-time';
import { TIMEZONES } from '../../../../shared/timezones/timezones';
import { zoneName } from '../../../lib/time-zones';
import { toast } from '../../../components/ui/toast';
import { useUpdateProfile } from '../../../api/users';

/**
 * The browser's zone (Intl.DateTimeFormat().resolvedOptions().timeZone), when the rider's is still
 * the default (UTC) and the browser says otherwise (spec 1 section 3: "the default is the
 * browser's detected offset"; issue 29: the browser's named zone), with the spec's offset and city.
 */
export function timezoneToDetect(user: Pick<CurrentUser, 'timezone'>, browserZone: string | undefined) {
  if (user.timezone && user.timezone !== 'UTC') return null;
  if (!browserZone || browserZone === user.timezone || !isKnownZone(browserZone)) return null;
  const zone = listedZone(browserZone);
  const name = zoneName(zone);
  const offset = zoneOffsetLabel(zone, Date.now());
  return { zone, offset, name, label: `${offset} - ${name}` };
}

const icuName = (zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;

/**
 * The zone as the picker's list names it: Chromium's ICU says the older "Asia/Calcutta" and
 * "Asia/Katmandu" for Asia/Kolkata and Asia/Kathmandu (one zone, two names); a zone the list lacks stays as sent.
 * Only listed zones with the same standard offset can be another name of it, so only theirs are
 * asked of ICU: a formatter for each of the 37 cost a phone about 140 ms on the first load of every
 * rider whose zone is not listed (Europe/Rome, Etc/UTC).
 */
function listedZone(zone: string): string {
  if (TIMEZONES.some((t) => t.zone === zone)) return zone;
  const year = new Date().getUTCFullYear();
  const standardHours = Math.min(zoneOffsetMinutes(zone, Date.UTC(year, 0, 1)), zoneOffsetMinutes(zone, Date.UTC(year, 6, 1))) / 60;
  const own = icuName(zone);
  return TIMEZONES.find((t) => t.numericOffset === standardHours && icuName(t.zone) === own)?.zone ?? zone;
}

export type DetectedZone = NonNullable<ReturnType<typeof timezoneToDetect>>;

const offeredKey = (userId: string) => `roadcaptain:zone-offered:${userId}`;

/**
 * Whether this browser may offer its zone to this rider now, and marks it offered: once per rider
 * and browser, so a rider who then picks UTC themself keeps it on the next load. Storage that
 * refuses (a private window) offers it each load, as UTC is still "none chosen" there.
 */
function claimOffer(userId: string): boolean {
  try {
    if (localStorage.getItem(offeredKey(userId))) return false;
    localStorage.setItem(offeredKey(userId), '1');
  } catch {
    // No storage: offered each load.
  }
  return true;
}

function releaseOffer(userId: string): void {
  try {
    localStorage.removeItem(offeredKey(userId));
  } catch {
    // No storage: nothing was kept.
  }
}

/**
 * Saves the browser's zone for a rider (or guest) who has none, once, and says "Timezone detected"
 * when it is saved. Used by the app shell (the first load of any session, wherever the rider
 * lands) and by Site Settings (whose form takes the saved zone, or keeps it unsaved on a failure).
 */
export function useBrowserZone(user: CurrentUser, handlers: { onSaved?: (saved: CurrentUser) => void; onFailed?: (detected: DetectedZone) => void } = {}) {
  const { t } = useLingui();
  const { mutate } = useUpdateProfile(user.id);
  const done = useRef(false);
  const latest = useRef(handlers);
  // The handlers of the latest render, for the save's answer (kept before the effect below runs).
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (done.current) return;
    // When the browser has a moment: the first Intl date formatter a page builds loads ICU's data
    // (about 40 ms on this machine, four times that on a phone), which should not lengthen the
    // render the rider waits for.
    return whenIdle(() => {
      done.current = true;
      const detected = timezoneToDetect(user, Intl.DateTimeFormat().resolvedOptions().timeZone);
      if (!detected || !claimOffer(user.id)) return;
      mutate(
        { timezone: detected.zone, timezoneOffset: detected.offset, timezoneName: detected.name },
        {
          onSuccess: (saved) => {
            latest.current.onSaved?.(saved);
            const zone = detected.label;
            toast({ title: t`Timezone detected`, description: t`Set to ${zone}` });
          },
          onError: (error) => {
            console.error('Saving the detected time zone failed', error);
            // Offered again on the next load.
            releaseOffer(user.id);
            latest.current.onFailed?.(detected);
          },
        },
      );
    });
  }, [user, mutate, t]);
}

/** Runs `task` once the browser is idle (at the latest after a second); the returned function cancels it. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(task, { timeout: 1000 });
  return () => cancelIdleCallback(idle);
}

/** The app shell's part: nothing shown but the toast. */
export function BrowserZone({ user }: { user: CurrentUser }) {
  useBrowserZone(user);
  return null;
}
