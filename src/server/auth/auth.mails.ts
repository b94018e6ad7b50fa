import type { OutgoingMail } from '../platform/mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

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
