import { Fragment, useState } from 'react';
import { Crown, ShieldCheck, ShieldOff, UserMinus } from 'lucide-react';
import type { Group, GroupMember, MemberAbilities } from '../../../../shared/groups/group';
import { ConfirmDialogFor } from '../../../components/ui/confirm-dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuMoreTrigger, DropdownMenuSeparator } from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { useChangeMemberRole, useRemoveMember, useTransferOwnership } from '../../../api/groups';
import { KeepOutChoice } from './keep-out-choice';

type MemberActionName = keyof MemberAbilities;

interface ActionText {
  label: string;
  title: string;
  description: string;
  confirm: string;
  pending: string;
  done: string;
  failed: string;
}

/** What each action says, in the menu, in its confirmation and once done. */
function textsFor(action: MemberActionName, member: GroupMember, group: Group): ActionText {
  const who = member.userId;
  switch (action) {
    case 'makeCoOrganizer':
      return {
        label: 'Make co-organizer',
        title: `Make ${who} a co-organizer?`,
        description: "Co-organizers approve membership requests, invite riders, create polls and edit or cancel the group's rides. They cannot delete the group, change roles or hand it over.",
        confirm: 'Make co-organizer',
        pending: 'Saving...',
        done: `${who} is now a co-organizer`,
        failed: 'Failed to change role',
      };
    case 'removeCoOrganizer':
      return {
        label: 'Remove co-organizer',
        title: `Remove ${who} as co-organizer?`,
        description: 'They stay in the group as a member.',
        confirm: 'Remove co-organizer',
        pending: 'Saving...',
        done: `${who} is a member again`,
        failed: 'Failed to change role',
      };
    case 'transferOwnership':
      return {
        label: 'Hand over ownership',
        title: `Hand ${group.name} over to ${who}?`,
        description: `${who} becomes the owner. You stay on as a co-organizer, and can no longer delete the group, change roles or hand it over.`,
        confirm: 'Hand over ownership',
        pending: 'Handing over...',
        done: `${who} now owns ${group.name}`,
        failed: 'Failed to hand over the group',
      };
    case 'remove':
      return {
        label: 'Remove from group',
        title: `Remove ${who} from ${group.name}?`,
        description:
          "They will be told. They leave the group's upcoming rides, and their seats go to riders on the waitlist. The upcoming rides they created pass to the group's owner, who takes their seat.",
        confirm: 'Remove from group',
        pending: 'Removing...',
        done: `${who} was removed from ${group.name}`,
        failed: 'Failed to remove member',
      };
  }
}

const ICONS = { makeCoOrganizer: ShieldCheck, removeCoOrganizer: ShieldOff, transferOwnership: Crown, remove: UserMinus } as const;
const ORDER: MemberActionName[] = ['makeCoOrganizer', 'removeCoOrganizer', 'transferOwnership', 'remove'];

/** The menu of what the viewer may do to one member (the abilities the server sent), each asked first. */
export function MemberActionsMenu({ group, member }: { group: Group; member: GroupMember }) {
  const [asking, setAsking] = useState<MemberActionName | null>(null);
  // "Don't let them rejoin": asked afresh each time the removal is asked.
  const [ban, setBan] = useState(false);
  const changeRole = useChangeMemberRole();
  const transfer = useTransferOwnership();
  const remove = useRemoveMember();
  const allowed = ORDER.filter((action) => member.abilities[action]);
  if (allowed.length === 0) return null;

  const target = { groupId: group.id, memberId: member.id };
  const pending = changeRole.isPending || transfer.isPending || remove.isPending;
  const texts = asking ? textsFor(asking, member, group) : null;

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
      toast({ title: text.done, variant: 'success' });
    } catch (error) {
      console.error(text.failed, error);
      toast({ title: text.failed, description: errorMessageOf(error), variant: 'destructive' });
    }
    setAsking(null);
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuMoreTrigger label={`Actions for ${member.userId}`} />
        <DropdownMenuContent align="end">
          {allowed.map((action) => {
            const Icon = ICONS[action];
            return (
              <Fragment key={action}>
                {action === 'remove' && allowed.length > 1 ? <DropdownMenuSeparator /> : null}
                <DropdownMenuItem
                  tone={action === 'remove' ? 'danger' : 'default'}
                  onSelect={() => {
                    setBan(false);
                    setAsking(action);
                  }}
                >
                  <Icon aria-hidden="true" />
                  {textsFor(action, member, group).label}
                </DropdownMenuItem>
              </Fragment>
            );
          })}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialogFor
        subject={asking}
        onClose={() => setAsking(null)}
        title={texts?.title ?? ''}
        description={texts?.description ?? ''}
        confirmLabel={texts?.confirm ?? ''}
        pendingLabel={texts?.pending}
        pending={pending}
        onConfirm={(action) => void run(action)}
      >
        {asking === 'remove' ? (
          <KeepOutChoice
            label="Don't let them rejoin"
            hint="They cannot join or ask to join again, nor come back through an invitation, until an organizer lets them."
            checked={ban}
            disabled={pending}
            onCheckedChange={setBan}
          />
        ) : null}
      </ConfirmDialogFor>
    </>
  );
}
