import type { I18n } from '@lingui/core';
import type { OutgoingMail } from '../platform/mailer';
import { linkMail, linkNothingChangesLine, type LinkMailInput } from '../auth/auth.mails';

/**
 * The invitation the server mails for a rider. The words are ours: the inviter's first name (checked
 * to look like a name, see isPlainFirstName) is the only text the sender chooses. The group's name
 * and the invitee's name are not in it, so nobody can make us mail a message of their own; the
 * landing shows the group once the link is opened. Written in the invitee's saved language when they
 * are a known rider, else in the one the inviter chose, stored with the invitation (issue 31 point 7).
 */
export function invitationMail(i18n: I18n, input: LinkMailInput & { inviter: string }): OutgoingMail {
  const values = { inviter: input.inviter, app: input.appName };
  return linkMail(i18n, input, {
    subject: i18n._(/*i18n*/ { id: 'mail.invitation.subject', message: '{inviter} invited you to ride with their group on {app}', values }),
    lines: [i18n._(/*i18n*/ { id: 'mail.invitation.lead', message: '{inviter} invited you to ride with their group on {app}. Open this link to see the group and join it:', values })],
    button: i18n._(/*i18n*/ { id: 'mail.invitation.button', message: 'See the invitation' }),
    closing: i18n._(/*i18n*/ { id: 'mail.invitation.valid', message: 'The invitation is valid for 7 days. If you do not know the sender, ignore this e-mail.' }),
  });
}

/**
 * Sent instead of the address confirmation when someone accepts an invitation with an address that
 * already has an account: the link signs in to that account and makes it a member of the group.
 * In the account's saved language, else the invitee's browser's, else the one the inviter chose.
 */
export function invitationSignInMail(i18n: I18n, input: LinkMailInput): OutgoingMail {
  const values = { app: input.appName };
  return linkMail(i18n, input, {
    subject: i18n._(/*i18n*/ { id: 'mail.invitation_sign_in.subject', message: 'Sign in to {app} to join the group', values }),
    lines: [
      i18n._(
        /*i18n*/ {
          id: 'mail.invitation_sign_in.lead',
          message:
            'This address was given to accept an invitation to a group on {app}. It already belongs to an account, so there is nothing to confirm: open this link to sign in to your account and join the group with it:',
          values,
        },
      ),
    ],
    button: i18n._(/*i18n*/ { id: 'mail.invitation_sign_in.button', message: 'Sign in and join the group' }),
    closing: linkNothingChangesLine(i18n),
  });
}
