import { useState } from 'react';
import { useSearchParam } from '../../../lib/use-search-param';
import { Plus, SearchX, Users } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Group } from '../../../../shared/groups/group';
import { CreateRideFromUrl } from '../../../components/rides/create-ride-dialog';
import { Button } from '../../../components/ui/button';
import { useCurrentUser } from '../../../api/users';
import { useMyGroups, useSearchGroups } from '../../../api/groups';
import { CreateGroupDialog } from './create-group-dialog';
import { DeleteGroupDialog } from './delete-group-dialog';
import { GroupCard } from './group-card';
import { EmptyPanel, GroupCardsSkeleton, PanelError } from './group-list-states';
import { ManageGroupDialog } from './manage-group-dialog';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMembershipActions } from './use-membership-actions';
import { LeaveGroupQuestion } from './leave-group-question';
import { useMembershipApprovalWatch } from './use-membership-approval-watch';
import { Page, PageHeaderAction } from '../../../components/ui/page-header';
import { SearchField } from '../../../components/ui/search-field';

const SEARCH_DEBOUNCE_MS = 300;

/** /groups: search, Create Group, and the rider's group cards (spec 2 section 2). */
export function MyGroupsPage() {
  const { t } = useLingui();
  const { data: user } = useCurrentUser();
  const [action, setAction] = useSearchParam('action');
  const [term, setTerm] = useState('');
  const query = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const searching = query.length > 0;

  const { hasPendingRequests } = useMembershipApprovalWatch(user?.id);
  const mine = useMyGroups({ hasPendingRequests });
  const found = useSearchGroups(query);
  const membership = useMembershipActions();
  const [managed, setManaged] = useState<Group | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);

  const createOpen = action === 'create';
  const setCreateOpen = (open: boolean) => setAction(open ? 'create' : null, { replace: !open });

  const handlers = {
    onJoin: membership.join,
    onLeave: membership.leave,
    onManage: setManaged,
    onDelete: setDeleting,
  };

  const list = searching ? found : mine;

  return (
    <Page
      title={t`My Groups`}
      description={t`Your riding crews, and the groups you've asked to join.`}
      action={
        <PageHeaderAction icon={<Plus aria-hidden="true" />} onClick={() => setCreateOpen(true)}>
          <Trans>Create Group</Trans>
        </PageHeaderAction>
      }
    >
      <SearchField label={t`Search groups`} placeholder={t`Search by name or place`} value={term} onChange={setTerm} className="mt-6" />

      <div className="mt-6">
        <h2 className="mb-3 flex items-center gap-2 text-sm font-bold tracking-wide text-asphalt-500 uppercase" aria-live="polite">
          <span className="min-w-0">{searching ? t`Search results for “${query}”` : t`Your groups`}</span>
          {list.data && !list.isPlaceholderData ? (
            <span className="rounded-full bg-asphalt-200/70 px-2 py-0.5 text-xs text-asphalt-700 tabular-nums">{list.data.length}</span>
          ) : null}
        </h2>

        {list.isPending ? (
          <GroupCardsSkeleton label={searching ? t`Searching groups` : t`Loading groups`} />
        ) : list.isLoadingError ? (
          <PanelError title={searching ? t`Search failed` : t`Couldn't load your groups`} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          searching ? (
            <EmptyPanel icon={<SearchX aria-hidden="true" />} title={t`No groups found`}>
              <Trans>No groups match “{query}”. Try another name or place.</Trans>
            </EmptyPanel>
          ) : (
            <EmptyPanel
              icon={<Users aria-hidden="true" />}
              title={t`You're not part of any groups yet`}
              action={
                <Button onClick={() => setCreateOpen(true)}>
                  <Plus aria-hidden="true" />
                  <Trans>Create Group</Trans>
                </Button>
              }
            >
              <Trans>Search for a group above to join one, or start your own crew.</Trans>
            </EmptyPanel>
          )
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.data.map((group) => (
              <li key={group.id} className="flex [&>article]:flex-1">
                <GroupCard group={group} joining={membership.joiningId === group.id} {...handlers} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <CreateGroupDialog open={createOpen} onOpenChange={setCreateOpen} />
      {/* /groups?action=create-ride (spec 2 section 2): the shared Create Ride dialog. */}
      <CreateRideFromUrl />
      {managed ? <ManageGroupDialog group={managed} open onOpenChange={(open) => (open ? null : setManaged(null))} /> : null}
      <DeleteGroupDialog group={deleting} onOpenChange={(open) => (open ? null : setDeleting(null))} />
      <LeaveGroupQuestion {...membership.leaveQuestion} />
    </Page>
  );
}
