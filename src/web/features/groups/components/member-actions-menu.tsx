import { Crown, ShieldCheck, ShieldOff, UserMinus } from 'lucide-react';
import type { Group, GroupMember, MemberAbilities } from '../../../../shared/groups/group';
import { ConfirmDialogFor } from '../../../components/ui/confirm-dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuMoreTrigger } from '../../../components/ui/dropdown-menu';
import { MenuActions, type MenuAction } from '../../../components/ui/menu-actions';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { useChangeMemberRole, useRemoveMember, useTransferOwnership } from '../../../api/groups';
import { KeepOutChoice, useKeepOutQuestion } from './keep-out-choice';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';

type MemberActionName = keyof MemberAbilities;

interface ActionText {
  label: MessageDescriptor;
  title: MessageDescriptor;
  description: MessageDescriptor;
  confirm: MessageDescriptor;
  pending: MessageDescriptor;
  done: MessageDescriptor;
  failed: MessageDescriptor;
}

/** What each action says, in the menu, in its confirmation and once done. */
function textsFor(action: MemberActionName, member: GroupMember, group: Group): ActionText {
  const who = member.userId;
  const groupName = group.name;
  switch (action) {
    case 'makeCoOrganizer':
      return {
        label: msg`Make co-organizer`,
        title: msg`Make ${who} a co-organizer?`,
        description: msg`Co-organizers approve membership requests, invite riders, create polls and edit or cancel the group's rides. They cannot delete the group, change roles or hand it over.`,
        confirm: msg`Make co-organizer`,
        pending: msg`Saving...`,
        done: msg`${who} is now a co-organizer`,
        failed: msg`Failed to change role`,
      };
    case 'removeCoOrganizer':
      return {
        label: msg`Remove co-organizer`,
        title: msg`Remove ${who} as co-organizer?`,
        description: msg`They stay in the group as a member.`,
        confirm: msg`Remove co-organizer`,
        pending: msg`Saving...`,
        done: msg`${who} is a member again`,
        failed: msg`Failed to change role`,
      };
    case 'transferOwnership':
      return {
        label: msg`Hand over ownership`,
        title: msg`Hand ${groupName} over to ${who}?`,
        description: msg`${who} becomes the owner. You stay on as a co-organizer, and can no longer delete the group, change roles or hand it over.`,
        confirm: msg`Hand over ownership`,
        pending: msg`Handing over...`,
        done: msg`${who} now owns ${groupName}`,
        failed: msg`Failed to hand over the group`,
      };
    case 'remove':
      return {
        label: msg`Remove from group`,
        title: msg`Remove ${who} from ${groupName}?`,
        description: msg`They will be told. They leave the group's upcoming rides, and their seats go to riders on the waitlist. The upcoming rides they created pass to the group's owner, who takes their seat.`,
        confirm: msg`Remove from group`,
        pending: msg`Removing...`,
        done: msg`${who} was removed from ${groupName}`,
        failed: msg`Failed to remove member`,
      };
  }
}

const ICONS = { makeCoOrganizer: ShieldCheck, removeCoOrganizer: ShieldOff, transferOwnership: Crown, remove: UserMinus } as const;
const ORDER: MemberActionName[] = ['makeCoOrganizer', 'removeCoOrganizer', 'transferOwnership', 'remove'];

/** The menu of what the viewer may do to one member (the abilities the server sent), each asked first. */
export function MemberActionsMenu({ group, member }: { group: Group; member: GroupMember }) {
  const { t, i18n } = useLingui();
  // "Don't let them rejoin": asked afresh each time the removal is asked.
  const question = useKeepOutQuestion<MemberActionName>();
  const { subject: asking, ban } = question;
  const changeRole = useChangeMemberRole();
  const transfer = useTransferOwnership();
  const remove = useRemoveMember();
  const allowed = ORDER.filter((action) => member.abilities[action]);
  if (allowed.length === 0) return null;
  const handle = member.userId;

  const target = { groupId: group.id, memberId: member.id };
  const pending = changeRole.isPending || transfer.isPending || remove.isPending;
  const texts = asking ? textsFor(asking, member, group) : null;
  const menuAction = (action: MemberActionName): MenuAction => ({
    key: action,
    label: i18n._(textsFor(action, member, group).label),
    icon: ICONS[action],
    select: () => question.ask(action),
  });

  /**
   * Awaited rather than given callbacks: removing or handing over refreshes the member list, which
   * can unmount this menu before the mutation settles, and callbacks passed to mutate() are then
   * dropped; the owner must still be told it is done.
   */
  async function run(action: MemberActionName) {
    const text = textsFor(action, member, group);
    try {
      if (action === 'makeCoOrganizer' || action === 'removeCoOrganizer') await changeRole.mutateAsync({ ...target, role: action === 'makeCoOrganizer' ? 'co_organizer' : 'member' });
      else if (action === 'transferOwnership') await transfer.mutateAsync(target);
      else await remove.mutateAsync({ ...target, ban });
      toast({ title: i18n._(text.done), variant: 'success' });
    } catch (error) {
      console.error(`Member action ${action} failed`, error);
      toast({ title: i18n._(text.failed), description: errorMessageOf(error), variant: 'destructive' });
    }
    question.close();
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuMoreTrigger label={t`Actions for ${handle}`} />
        <DropdownMenuContent align="end">
          <MenuActions
            actions={allowed.filter((action) => action !== 'remove').map(menuAction)}
            danger={allowed.includes('remove') ? menuAction('remove') : undefined}
          />
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialogFor
        {...question.dialog}
        title={texts ? i18n._(texts.title) : ''}
        description={texts ? i18n._(texts.description) : ''}
        confirmLabel={texts ? i18n._(texts.confirm) : ''}
        pendingLabel={texts ? i18n._(texts.pending) : undefined}
        pending={pending}
        onConfirm={(action) => void run(action)}
      >
        {asking === 'remove' ? (
          <KeepOutChoice
            label={t`Don't let them rejoin`}
            hint={t`They cannot join or ask to join again, nor come back through an invitation, until an organizer lets them.`}
            checked={ban}
            disabled={pending}
            onCheckedChange={question.setBan}
          />
        ) : null}
      </ConfirmDialogFor>
    </>
  );
}
