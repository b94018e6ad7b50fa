import type { OutgoingMail } from '../platform/mailer';
import { escapeHtml } from '../platform/html';

/**
 * The invitation the server mails for a rider. The words are ours: the inviter's first name (checked
 * to look like a name, see isPlainFirstName) is the only text the sender chooses. The group's name
 * and the invitee's name are not in it, so nobody can make us mail a message of their own; the
 * landing shows the group once the link is opened.
 */
export function invitationMail(input: { to: string; link: string; appName: string; inviter: string }): OutgoingMail {
  const app = escapeHtml(input.appName);
  return {
    to: input.to,
    subject: `${input.inviter} invited you to ride with their group on ${input.appName}`,
    text: [
      'Hello,',
      '',
      `${input.inviter} invited you to ride with their group on ${input.appName}. Open this link to see the group and join it:`,
      input.link,
      '',
      'The invitation is valid for 7 days. If you do not know the sender, ignore this e-mail.',
    ].join('\n'),
    html: `<p>Hello,</p><p>${escapeHtml(input.inviter)} invited you to ride with their group on ${app}. Open this link to see the group and join it:</p><p><a href="${escapeHtml(input.link)}">See the invitation</a></p><p>The invitation is valid for 7 days. If you do not know the sender, ignore this e-mail.</p>`,
  };
}

/**
 * Sent instead of the address confirmation when someone accepts an invitation with an address that
 * already has an account: the link signs in to that account and makes it a member of the group.
 */
export function invitationSignInMail(input: { to: string; link: string; appName: string }): OutgoingMail {
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
