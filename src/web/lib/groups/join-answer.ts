import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { JoinGroupResult } from '../../../shared/groups/group';

/**
 * The toast of a group joined, or asked to join, in the rider's language: written from the answer's
 * `status` (issue 31 point 7), not from its English `message`, which stays for API users.
 */
export function joinAnswerToast(i18n: I18n, answer: Pick<JoinGroupResult, 'status'>, groupName: string): { title: string; description: string; variant: 'success' } {
  if (answer.status === 'pending') return { title: i18n._(msg`Request sent`), description: i18n._(msg`Membership request submitted for approval`), variant: 'success' };
  return { title: i18n._(msg`Joined group`), description: i18n._(msg`You joined ${groupName}`), variant: 'success' };
}
