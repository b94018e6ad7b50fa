import { UserAvatar } from '../../../components/users/user-avatar';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import type { Group } from '../../../../shared/groups/group';
import { useGroupBans, useLiftBan } from '../../../api/groups';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * The riders kept out of the group, for the organizers (the server lists them only to whoever may
 * remove members): removed with "Don't let them rejoin", declined with "Don't let them ask again",
 * or banned through the API after leaving. Headed "Kept out" rather than "Removed riders", since a
 * declined asker was never removed. Each has "Let them back", which lifts the ban. Nothing shows
 * while nobody is kept out.
 */
export function RemovedRiders({ group }: { group: Group }) {
  const { t } = useLingui();
  const bans = useGroupBans(group.id, group.abilities.removeMembers);
  const lift = useLiftBan();
  if (!group.abilities.removeMembers || !bans.data || bans.data.length === 0) return null;

  async function letBack(userId: string, handle: string) {
    try {
      await lift.mutateAsync({ groupId: group.id, userId });
      const groupName = group.name;
      toast({ title: t`${handle} may join ${groupName} again`, variant: 'success' });
    } catch (error) {
      toast({ title: t`Failed to let them back`, description: errorMessageOf(error), variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby="removed-riders-heading" className="mt-6">
      <h3 id="removed-riders-heading" className="text-sm font-bold text-asphalt-900">
        <Trans>Kept out</Trans>
      </h3>
      <p className="mt-1 text-xs text-asphalt-500">
        <Trans>Riders you removed or declined and chose to keep out. They cannot join or ask to join until you let them back.</Trans>
      </p>
      <ul aria-label={t`Kept out`} className="mt-2 divide-y divide-asphalt-100 overflow-hidden rounded-2xl border border-asphalt-200/80 bg-white">
        {bans.data.map((ban) => {
          const handle = ban.user.userId;
          return (
          // A long handle keeps its line and the button moves under it, rather than the handle being cut or split.
          <li key={ban.user.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-5">
            <span className="flex min-w-[11rem] flex-1 items-center gap-3">
              <UserAvatar userId={ban.user.userId} imageUrl={ban.user.profileImageUrl} className="size-8 shrink-0" />
              <span className="min-w-0 text-sm font-semibold [overflow-wrap:anywhere] text-asphalt-900">{ban.user.userId}</span>
            </span>
            <Button
              className="ms-auto"
              variant="secondary"
              size="sm"
              disabled={lift.isPending}
              onClick={() => void letBack(ban.user.id, ban.user.userId)}
              aria-label={t`Let them back: ${handle}`}
            >
              <Trans>Let them back</Trans>
            </Button>
          </li>
          );
        })}
      </ul>
    </section>
  );
}
