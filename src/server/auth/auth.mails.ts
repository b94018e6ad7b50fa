import type { OutgoingMail } from '../platform/mailer';
import { escapeHtml } from '../platform/html';

export function signInMail(input: { to: string; link: string; appName: string }): OutgoingMail {
  const app = escapeHtml(input.appName);
  return {
    to: input.to,
    subject: `Your ${input.appName} sign-in link`,
    text: [
      `Hello,`,
      ``,
      `Open this link to sign in to ${input.appName}:`,
      input.link,
      ``,
      `The link expires in 1 hour and works once. If you did not ask for it, ignore this e-mail.`,
    ].join('\n'),
    html: `<p>Hello,</p><p>Open this link to sign in to ${app}:</p><p><a href="${escapeHtml(input.link)}">Sign in to ${app}</a></p><p>The link expires in 1 hour and works once. If you did not ask for it, ignore this e-mail.</p>`,
  };
}

export function confirmEmailMail(input: { to: string; link: string; appName: string }): OutgoingMail {
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
export function addressTakenMail(input: { to: string; link: string; appName: string }): OutgoingMail {
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
