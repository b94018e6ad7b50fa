import type { OutgoingMail } from '../platform/mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function invitationMail(input: { to: string; link: string; appName: string; inviter: string; group: string; inviteeName: string | null }): OutgoingMail {
  const greeting = input.inviteeName ? `Hello ${input.inviteeName},` : 'Hello,';
  return {
    to: input.to,
    subject: `${input.inviter} invited you to ride with ${input.group}`,
    text: [greeting, '', `${input.inviter} invited you to join ${input.group} on ${input.appName}.`, 'Open this link to join:', input.link, '', 'The invitation is valid for 7 days.'].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(input.inviter)} invited you to join <strong>${escapeHtml(input.group)}</strong> on ${escapeHtml(input.appName)}.</p><p><a href="${escapeHtml(input.link)}">Join ${escapeHtml(input.group)}</a></p><p>The invitation is valid for 7 days.</p>`,
  };
}
