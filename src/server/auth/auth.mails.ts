import type { I18n } from '@lingui/core';
import type { OutgoingMail } from '../platform/mailer';
import { escapeHtml } from '../platform/html';

/** "Hello," in the mail's language. */
export function helloLine(i18n: I18n): string {
  return i18n._(/*i18n*/ { id: 'mail.hello', message: 'Hello,' });
}

/** The sign-in mail, in the language of the browser that asked for it (issue 31 point 7). */
export function signInMail(i18n: I18n, input: { to: string; link: string; appName: string }): OutgoingMail {
  const values = { app: input.appName };
  const hello = helloLine(i18n);
  const open = i18n._(/*i18n*/ { id: 'mail.sign_in.open', message: 'Open this link to sign in to {app}:', values });
  const button = i18n._(/*i18n*/ { id: 'mail.sign_in.button', message: 'Sign in to {app}', values });
  const expires = i18n._(/*i18n*/ { id: 'mail.sign_in.expires', message: 'The link expires in 1 hour and works once. If you did not ask for it, ignore this e-mail.' });
  return {
    to: input.to,
    subject: i18n._(/*i18n*/ { id: 'mail.sign_in.subject', message: 'Your {app} sign-in link', values }),
    text: [hello, ``, open, input.link, ``, expires].join('\n'),
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(open)}</p><p><a href="${escapeHtml(input.link)}">${escapeHtml(button)}</a></p><p>${escapeHtml(expires)}</p>`,
  };
}

export function confirmEmailMail(_i18n: I18n, input: { to: string; link: string; appName: string }): OutgoingMail {
  const app = escapeHtml(input.appName);
  return {
    to: input.to,
    subject: `Confirm your e-mail address for ${input.appName}`,
    text: [
      `Hello,`,
      ``,
      `Someone (hopefully you) asked to use this address for a ${input.appName} account. Open this link to confirm it:`,
      input.link,
      ``,
      `The link expires in 1 hour and works once. If you did not ask for it, ignore this e-mail and nothing changes.`,
    ].join('\n'),
    html: `<p>Hello,</p><p>Someone (hopefully you) asked to use this address for a ${app} account. Open this link to confirm it:</p><p><a href="${escapeHtml(input.link)}">Confirm my address</a></p><p>The link expires in 1 hour and works once. If you did not ask for it, ignore this e-mail and nothing changes.</p>`,
  };
}

/**
 * A rider asked to use an address another account already holds. The answer they got is the one a
 * free address gets (nothing tells them the address is taken); this mail tells the address's owner,
 * and the link in it signs into the account that holds the address.
 */
export function addressTakenMail(_i18n: I18n, input: { to: string; link: string; appName: string }): OutgoingMail {
  const app = escapeHtml(input.appName);
  const lead = `This address already has a ${input.appName} account. Someone asked to use it for another ${input.appName} account, which cannot be done.`;
  const next = `If that was you, open this link to sign in to the account this address belongs to:`;
  return {
    to: input.to,
    subject: `This address already has a ${input.appName} account`,
    text: [
      `Hello,`,
      ``,
      lead,
      ``,
      next,
      input.link,
      ``,
      `The link expires in 1 hour and works once. If you did not ask for anything, ignore this e-mail: nothing changes.`,
    ].join('\n'),
    html: `<p>Hello,</p><p>${escapeHtml(lead)}</p><p>${escapeHtml(next)}</p><p><a href="${escapeHtml(input.link)}">Sign in to ${app}</a></p><p>The link expires in 1 hour and works once. If you did not ask for anything, ignore this e-mail: nothing changes.</p>`,
  };
}

/** Sent to the previous address when a rider's confirmed address changes. */
export function addressChangedMail(input: { to: string; newEmail: string; appName: string }): OutgoingMail {
  const lead = `Your ${input.appName} address was changed to ${input.newEmail}.`;
  const rest = `From now on sign-in links go to the new address, and every other device signed in to the account was signed out. If you did not make this change, contact the people who run ${input.appName}.`;
  return {
    to: input.to,
    subject: `Your ${input.appName} address was changed`,
    text: [`Hello,`, ``, lead, ``, rest].join('\n'),
    html: `<p>Hello,</p><p>${escapeHtml(lead)}</p><p>${escapeHtml(rest)}</p>`,
  };
}
