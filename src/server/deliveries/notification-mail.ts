import { escapeHtml } from '../platform/html';
import type { I18n } from '@lingui/core';
import { dayLabelIn, timeLabelIn } from '../../shared/rides/ride-time';
import { wallClock } from '../../shared/notifications/notification-types';

/*
 * A notification as a mail (issue 30 point 4): a subject that says what happened, plain text and
 * HTML written from the same lines (every value in the HTML through escapeHtml, the one escaping
 * function of all mail HTML), the ride's time on the ride's clock and on the rider's when it
 * differs, one clear link, why the rider got it, and a link to their settings; every word in the
 * recipient's language (the I18n given), days and times in its locale.
 */

export interface NotificationMailInput {
  appName: string;
  /** The notification as the app shows it, written now from its type and parameters. */
  title: string;
  message: string;
  /** The one link: the page the notification opens. */
  link: { url: string; label: string };
  /** A ride's start, when the mail is about one: told on the ride's clock and, when it differs, the rider's. */
  rideStart?: RideStart | undefined;
  /** A digest's items, one line each (digests.ts). */
  items?: string[] | undefined;
  /** The type's name in the settings ("A ride I joined is cancelled"). */
  typeLabel: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}

/** A ride's start; a cancelled ride's reads "Was to start". */
export interface RideStart {
  at: string;
  rideZone: string;
  riderZone: string;
  cancelled?: boolean;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** The values of "Dec 5, 2026 at 09:00 (Europe/Rome)" in the reader's locale. */
function clockValues(i18n: I18n, at: string, zone: string) {
  const { day, time } = wallClock(at, zone);
  const locale = i18n.locales?.[0] ?? i18n.locale;
  return { day: dayLabelIn(day, locale === 'en-XA' ? 'en' : locale), time: timeLabelIn(time, locale === 'en-XA' ? 'en' : locale), zone };
}

/** The ride's start in the ride's zone, and in the rider's when their clock reads otherwise. */
export function rideTimeLines(i18n: I18n, start: RideStart): string[] {
  const ride = clockValues(i18n, start.at, start.rideZone);
  const sameClock = JSON.stringify(wallClock(start.at, start.rideZone)) === JSON.stringify(wallClock(start.at, start.riderZone));
  const starts = start.cancelled
    ? i18n._(/*i18n*/ { id: 'mail.notification.was_to_start', message: 'Was to start: {day} at {time} ({zone})', values: ride })
    : i18n._(/*i18n*/ { id: 'mail.notification.starts', message: 'Starts: {day} at {time} ({zone})', values: ride });
  if (sameClock) return [starts];
  const rider = clockValues(i18n, start.at, start.riderZone);
  return [starts, i18n._(/*i18n*/ { id: 'mail.notification.your_time', message: 'Your time: {day} at {time} ({zone})', values: rider })];
}

export function composeNotificationMail(i18n: I18n, input: NotificationMailInput): ComposedMail {
  const times = input.rideStart ? rideTimeLines(i18n, input.rideStart) : [];
  const why = i18n._(
    /*i18n*/ { id: 'mail.notification.why', message: 'You got this mail because "{type}" is switched on for e-mail in your {app} notification settings.', values: { type: input.typeLabel, app: input.appName } },
  );
  const settings = i18n._(/*i18n*/ { id: 'mail.notification.settings', message: 'Notification settings' });
  const stop = i18n._(/*i18n*/ { id: 'mail.notification.stop', message: 'Stop these mails' });
  const items = input.items ?? [];
  const text = [
    input.message,
    '',
    ...items.map((item) => `- ${item}`),
    ...(items.length > 0 ? [''] : []),
    ...times,
    ...(times.length > 0 ? [''] : []),
    `${input.link.label}: ${input.link.url}`,
    '',
    '-- ',
    why,
    `${settings}: ${input.settingsUrl}`,
    `${stop}: ${input.unsubscribeUrl}`,
    '',
  ].join('\n');
  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(i18n.locale)}"><head><meta charset="utf-8"><title>${escapeHtml(input.title)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;max-width:560px;margin:0 auto;padding:16px">',
    // The app's name on top in its colour (ignition-700, white text 4.9:1), so the mail is known as ours at a glance.
    `<p style="margin:0 0 16px;padding-bottom:8px;border-bottom:3px solid #b94f09;font-size:14px;font-weight:700;letter-spacing:0.02em;color:#b94f09">${escapeHtml(input.appName)}</p>`,
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(input.title)}</h1>`,
    paragraph(input.message),
    ...(items.length > 0 ? [`<ul style="margin:0 0 12px;padding-left:20px">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`] : []),
    ...times.map(paragraph),
    `<p style="margin:20px 0"><a href="${escapeHtml(input.link.url)}" style="background:#b94f09;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(input.link.label)}</a></p>`,
    `<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">`,
    `<p style="font-size:13px;color:#555;margin:0 0 6px">${escapeHtml(why)}</p>`,
    `<p style="font-size:13px;color:#555;margin:0"><a href="${escapeHtml(input.settingsUrl)}">${escapeHtml(settings)}</a> · <a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(stop)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject: input.message, text, html };
}
