/**
 * A request's URL as the log keeps it: secrets taken out. Never logged: query strings
 * (/auth/magic-link?token=...), invitation tokens (/invite/{token}, /api/invite/{token}) and
 * calendar feed tokens (/api/calendar/{token}.ics, the feed's only credential: whoever reads the
 * log could read the rider's rides), and mail unsubscribe tokens (/api/notifications/unsubscribe/{token}:
 * whoever holds one switches that rider's mails off).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/\?.*$/, '?…')
    .replace(/^\/(api\/)?invite\/[^/?]+/, '/$1invite/…')
    .replace(/^\/api\/calendar\/[^/?]+/, '/api/calendar/…')
    .replace(/^\/api\/notifications\/unsubscribe\/[^/?]+/, '/api/notifications/unsubscribe/…');
}
