import type { I18n } from '@lingui/core';
import type { OutgoingMail } from '../platform/mailer';
import { escapeHtml } from '../platform/html';

/*
 * The mails of signing in and of a rider's address, each written with the I18n of whoever reads it
 * (issue 31 point 7; the language is chosen by the caller, auth.service.ts and sessions.service.ts).
 */

/** "Hello," in the mail's language. */
export function helloLine(i18n: I18n): string {
  return i18n._(/*i18n*/ { id: 'mail.hello', message: 'Hello,' });
}

/** What the caller of a link mail gives: the address, the link, and the app's name its texts say. */
export interface LinkMailInput {
  to: string;
  link: string;
  appName: string;
}

/**
 * A mail carrying a link to `to`: "Hello,", the lines before the link (the last of them introduces
 * it), the link (as text, and as a button named `button` in HTML), then the closing line.
 */
export function linkMail(i18n: I18n, { to, link }: { to: string; link: string }, texts: { subject: string; lines: string[]; button: string; closing: string }): OutgoingMail {
  const hello = helloLine(i18n);
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  return {
    to,
    subject: texts.subject,
    text: [hello, ``, ...texts.lines.flatMap((line, i) => (i < texts.lines.length - 1 ? [line, ``] : [line])), link, ``, texts.closing].join('\n'),
    html: `${paragraphs([hello, ...texts.lines])}<p><a href="${escapeHtml(link)}">${escapeHtml(texts.button)}</a></p>${paragraphs([texts.closing])}`,
  };
}

/** The closing line of a link that changes nothing unless it is opened. */
export function linkNothingChangesLine(i18n: I18n): string {
  return i18n._(/*i18n*/ { id: 'mail.link.expires_nothing_changes', message: 'The link expires in 1 hour and works once. If you did not ask for it, ignore this e-mail and nothing changes.' });
}

/** The sign-in mail, in the language of the browser that asked for it (issue 31 point 7). */
export function signInMail(i18n: I18n, input: LinkMailInput): OutgoingMail {
  const values = { app: input.appName };
  return linkMail(i18n, input, {
    subject: i18n._(/*i18n*/ { id: 'mail.sign_in.subject', message: 'Your {app} sign-in link', values }),
    lines: [i18n._(/*i18n*/ { id: 'mail.sign_in.open', message: 'Open this link to sign in to {app}:', values })],
    button: i18n._(/*i18n*/ { id: 'mail.sign_in.button', message: 'Sign in to {app}', values }),
    closing: i18n._(/*i18n*/ { id: 'mail.sign_in.expires', message: 'The link expires in 1 hour and works once. If you did not ask for it, ignore this e-mail.' }),
  });
}

/** The link that confirms a new address, in the language of the rider who asked for it. */
export function confirmEmailMail(i18n: I18n, input: LinkMailInput): OutgoingMail {
  const values = { app: input.appName };
  return linkMail(i18n, input, {
    subject: i18n._(/*i18n*/ { id: 'mail.confirm_email.subject', message: 'Confirm your e-mail address for {app}', values }),
    lines: [i18n._(/*i18n*/ { id: 'mail.confirm_email.lead', message: 'Someone (hopefully you) asked to use this address for a {app} account. Open this link to confirm it:', values })],
    button: i18n._(/*i18n*/ { id: 'mail.confirm_email.button', message: 'Confirm my address' }),
    closing: linkNothingChangesLine(i18n),
  });
}

/**
 * A rider asked to use an address another account already holds. The answer they got is the one a
 * free address gets (nothing tells them the address is taken); this mail tells the address's owner,
 * in their language, and the link in it signs into the account that holds the address.
 */
export function addressTakenMail(i18n: I18n, input: LinkMailInput): OutgoingMail {
  const values = { app: input.appName };
  return linkMail(i18n, input, {
    subject: i18n._(/*i18n*/ { id: 'mail.address_taken.subject', message: 'This address already has a {app} account', values }),
    lines: [
      i18n._(/*i18n*/ { id: 'mail.address_taken.lead', message: 'This address already has a {app} account. Someone asked to use it for another {app} account, which cannot be done.', values }),
      i18n._(/*i18n*/ { id: 'mail.address_taken.next', message: 'If that was you, open this link to sign in to the account this address belongs to:' }),
    ],
    button: i18n._(/*i18n*/ { id: 'mail.sign_in.button', message: 'Sign in to {app}', values }),
    closing: i18n._(/*i18n*/ { id: 'mail.address_taken.expires', message: 'The link expires in 1 hour and works once. If you did not ask for anything, ignore this e-mail: nothing changes.' }),
  });
}

/** Sent to the previous address when a rider's confirmed address changes, in the rider's language. */
export function addressChangedMail(i18n: I18n, input: { to: string; newEmail: string; appName: string }): OutgoingMail {
  const hello = helloLine(i18n);
  const lead = i18n._(/*i18n*/ { id: 'mail.address_changed.lead', message: 'Your {app} address was changed to {address}.', values: { app: input.appName, address: input.newEmail } });
  const rest = i18n._(
    /*i18n*/ {
      id: 'mail.address_changed.rest',
      message: 'From now on sign-in links go to the new address, and every other device signed in to the account was signed out. If you did not make this change, contact the people who run {app}.',
      values: { app: input.appName },
    },
  );
  return {
    to: input.to,
    subject: i18n._(/*i18n*/ { id: 'mail.address_changed.subject', message: 'Your {app} address was changed', values: { app: input.appName } }),
    text: [hello, ``, lead, ``, rest].join('\n'),
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p><p>${escapeHtml(rest)}</p>`,
  };
}
