import type { I18n } from '@lingui/core';
import type { OutgoingMail } from '../platform/mailer';
import { escapeHtml } from '../platform/html';
import { helloLine } from '../auth/auth.mails';

/**
 * The invitation the server mails for a rider. The words are ours: the inviter's first name (checked
 * to look like a name, see isPlainFirstName) is the only text the sender chooses. The group's name
 * and the invitee's name are not in it, so nobody can make us mail a message of their own; the
 * landing shows the group once the link is opened. Written in the invitee's saved language when they
 * are a known rider, else in the language of the inviter's browser (issue 31 point 7).
 */
export function invitationMail(i18n: I18n, input: { to: string; link: string; appName: string; inviter: string }): OutgoingMail {
  const values = { inviter: input.inviter, app: input.appName };
  const hello = helloLine(i18n);
  const lead = i18n._(/*i18n*/ { id: 'mail.invitation.lead', message: '{inviter} invited you to ride with their group on {app}. Open this link to see the group and join it:', values });
  const button = i18n._(/*i18n*/ { id: 'mail.invitation.button', message: 'See the invitation' });
  const valid = i18n._(/*i18n*/ { id: 'mail.invitation.valid', message: 'The invitation is valid for 7 days. If you do not know the sender, ignore this e-mail.' });
  return {
    to: input.to,
    subject: i18n._(/*i18n*/ { id: 'mail.invitation.subject', message: '{inviter} invited you to ride with their group on {app}', values }),
    text: [hello, '', lead, input.link, '', valid].join('\n'),
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(input.link)}">${escapeHtml(button)}</a></p><p>${escapeHtml(valid)}</p>`,
  };
}

/**
 * Sent instead of the address confirmation when someone accepts an invitation with an address that
 * already has an account: the link signs in to that account and makes it a member of the group.
 */
export function invitationSignInMail(_i18n: I18n, input: { to: string; link: string; appName: string }): OutgoingMail {
  const app = escapeHtml(input.appName);
  return {
    to: input.to,
    subject: `Sign in to ${input.appName} to join the group`,
    text: [
      'Hello,',
      '',
      `This address was given to accept an invitation to a group on ${input.appName}. It already belongs to an account, so there is nothing to confirm: open this link to sign in to your account and join the group with it:`,
      input.link,
      '',
      'The link expires in 1 hour and works once. If you did not ask for it, ignore this e-mail and nothing changes.',
    ].join('\n'),
    html: `<p>Hello,</p><p>This address was given to accept an invitation to a group on ${app}. It already belongs to an account, so there is nothing to confirm: open this link to sign in to your account and join the group with it:</p><p><a href="${escapeHtml(input.link)}">Sign in and join the group</a></p><p>The link expires in 1 hour and works once. If you did not ask for it, ignore this e-mail and nothing changes.</p>`,
  };
}
