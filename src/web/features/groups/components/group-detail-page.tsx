import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Plus, UserPlus } from 'lucide-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Group } from '../../../../shared/groups/group';
import { CreateRideDialog } from '../../../components/rides/create-ride-dialog';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useCurrentUser } from '../../../api/users';
import { useCanonicalPath } from '../../../lib/use-canonical-path';
import { useSearchParam } from '../../../lib/use-search-param';
import { groupByNameQueryOptions, useGroupByName, useMembershipRequests } from '../../../api/groups';
import { DeleteGroupDialog } from './delete-group-dialog';
import { EditGroupDialog } from './edit-group-dialog';
import { GroupActionsMenu } from './group-actions-menu';
import { PanelError } from './group-list-states';
import { GroupDetailSkeleton, GroupNotFound } from './group-detail-states';
import { GroupHeader } from './group-header';
import { JoinPrompt } from './join-prompt';
import { ManageGroupDialog } from './manage-group-dialog';
import { MembersTab } from './members-tab';
import { PendingMembersTab } from './pending-members-tab';
import { RidesTab } from './rides-tab';
import { useMembershipActions } from './use-membership-actions';
import { LeaveGroupQuestion } from './leave-group-question';
import { useMembershipApprovalWatch } from './use-membership-approval-watch';

export interface InviteDialogSlotProps {
  group: Group;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Pieces of the page that belong to other features (features do not import each other): the
 * route composes them in.
 */
export interface GroupDetailSlots {
  /** The Polls tab's content. */
  renderPolls: (group: Group) => ReactNode;
  /** The Create Invitation dialog, for the owner. */
  renderInviteDialog: (props: InviteDialogSlotProps) => ReactNode;
  /** The open invitations with Revoke, under the Members tab, for whoever may invite. */
  renderOpenInvitations?: (group: Group) => ReactNode;
}

const TABS = ['rides', 'polls', 'members', 'pending'] as const;
type TabName = (typeof TABS)[number];

function BackToGroups() {
  return (
    <Link to="/groups" className={buttonClasses('ghost', 'sm', '-ms-2')}>
      <ArrowLeft aria-hidden="true" />
      <Trans>Back to Groups</Trans>
    </Link>
  );
}

/** /groups/{groupName} (spec 2 section 2). */
export function GroupDetailPage({ slug, renderPolls, renderInviteDialog, renderOpenInvitations }: { slug: string } & GroupDetailSlots) {
  const { t } = useLingui();
  const { data: user } = useCurrentUser();
  useMembershipApprovalWatch(user?.id);
  const groupQuery = useGroupByName(slug);
  const queryClient = useQueryClient();
  const group = groupQuery.data;
  // Opened at an old slug (the group was renamed) or at its name as typed: show the current address.
  useCanonicalPath(group && group.slug !== slug ? `/groups/${encodeURIComponent(group.slug)}` : null, () => {
    if (group) queryClient.setQueryData(groupByNameQueryOptions(group.slug).queryKey, group);
  });

  if (groupQuery.isPending) return <GroupDetailSkeleton />;
  if (groupQuery.isLoadingError) {
    return (
      <div className="space-y-4">
        <BackToGroups />
        <PanelError title={t`Couldn't load this group`} onRetry={() => void groupQuery.refetch()} />
      </div>
    );
  }
  if (groupQuery.data === null) return <GroupNotFound />;
  return <GroupDetail group={groupQuery.data} renderPolls={renderPolls} renderInviteDialog={renderInviteDialog} renderOpenInvitations={renderOpenInvitations} />;
}

function GroupDetail({ group, renderPolls, renderInviteDialog, renderOpenInvitations }: { group: Group } & GroupDetailSlots) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [tabParam, setTab] = useSearchParam('tab');
  const membership = useMembershipActions({ joinFailureTitle: 'Failed to Join Group' });
  const [inviteOpen, setInviteOpen] = useState(false);
  const [createRideOpen, setCreateRideOpen] = useState(false);
  const [manageOpen, setManageOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const decidesRequests = group.abilities.decideRequests;
  const isInsider = group.abilities.viewMembers;
  const requests = useMembershipRequests(group.id, decidesRequests);

  const requested = tabParam as TabName | null;
  const tab: TabName = requested && TABS.includes(requested) && (requested !== 'pending' || decidesRequests) ? requested : 'rides';
  const pendingCount = requests.data?.length ?? 0;

  return (
    <div>
      <div className="mb-3 flex items-center justify-between gap-2">
        <BackToGroups />
      </div>

      <GroupHeader
        group={group}
        actions={
          <>
            {group.abilities.createRide ? (
              <Button variant={group.abilities.invite ? 'secondary' : 'primary'} onClick={() => setCreateRideOpen(true)}>
                <Plus aria-hidden="true" />
                <Trans>Create Ride</Trans>
              </Button>
            ) : null}
            {group.abilities.invite ? (
              <Button onClick={() => setInviteOpen(true)}>
                <UserPlus aria-hidden="true" />
                <Trans>Invite Member</Trans>
              </Button>
            ) : null}
            <GroupActionsMenu
              group={group}
              showView={false}
              onJoin={membership.join}
              onLeave={membership.leave}
              onManage={() => setManageOpen(true)}
              onEdit={() => setEditOpen(true)}
              onDelete={() => setDeleteOpen(true)}
              className="border border-asphalt-200 bg-white shadow-sm"
            />
          </>
        }
      />

      <div className="mt-6">
        {isInsider ? (
          <Tabs
            value={tab}
            onValueChange={(value) => setTab(value === 'rides' ? null : value, { replace: true })}
          >
            <TabsList aria-label={t`Group sections`}>
              <TabsTrigger value="rides">
                <Trans>Rides</Trans>
              </TabsTrigger>
              <TabsTrigger value="polls">
                <Trans>Polls</Trans>
              </TabsTrigger>
              <TabsTrigger value="members">
                <Trans>Members</Trans>
              </TabsTrigger>
              {decidesRequests ? (
                <TabsTrigger value="pending">
                  <Trans>Pending Members</Trans>
                  {pendingCount > 0 ? (
                    <span
                      role="img"
                      aria-label={t`${plural(pendingCount, { one: '# pending', other: '# pending' })}`}
                      className="min-w-5 rounded-full bg-red-600 px-1.5 py-0.5 text-[11px] leading-none font-bold text-white tabular-nums"
                    >
                      {pendingCount}
                    </span>
                  ) : null}
                </TabsTrigger>
              ) : null}
            </TabsList>
            <TabsContent value="rides">
              <RidesTab groupId={group.id} />
            </TabsContent>
            <TabsContent value="polls">{renderPolls(group)}</TabsContent>
            <TabsContent value="members">
              <MembersTab group={group} />
              {group.abilities.invite && renderOpenInvitations ? renderOpenInvitations(group) : null}
            </TabsContent>
            {decidesRequests ? (
              <TabsContent value="pending">
                <PendingMembersTab
                  groupId={group.id}
                  requests={requests.data}
                  isPending={requests.isPending}
                  isLoadingError={requests.isLoadingError}
                  onRetry={() => void requests.refetch()}
                />
              </TabsContent>
            ) : null}
          </Tabs>
        ) : (
          <JoinPrompt
            group={group}
            onJoin={() => membership.join(group)}
            joining={membership.joiningId === group.id}
            onWithdraw={() => membership.withdraw(group)}
            withdrawing={membership.leavingId === group.id}
          />
        )}
      </div>

      <LeaveGroupQuestion {...membership.leaveQuestion} />
      {group.abilities.createRide ? (
        <CreateRideDialog
          open={createRideOpen}
          onOpenChange={setCreateRideOpen}
          fixedGroup={{
            id: group.id,
            name: group.name,
            timezoneOffset: group.timezoneOffset,
            timezoneName: group.timezoneName,
            timezone: group.timezone,
            latitude: group.latitude,
            longitude: group.longitude,
          }}
        />
      ) : null}
      {group.abilities.invite ? renderInviteDialog({ group, open: inviteOpen, onOpenChange: setInviteOpen }) : null}
      {group.abilities.manage && manageOpen ? <ManageGroupDialog group={group} open onOpenChange={setManageOpen} /> : null}
      {group.abilities.manage && editOpen ? (
        <EditGroupDialog
          group={group}
          open
          onOpenChange={setEditOpen}
          // A new name moves the group's address: the page follows it.
          onSaved={(saved) => (saved.slug === group.slug ? undefined : void navigate(`/groups/${encodeURIComponent(saved.slug)}`, { replace: true }))}
        />
      ) : null}
      <DeleteGroupDialog
        group={deleteOpen ? group : null}
        onOpenChange={setDeleteOpen}
        onDeleted={() => void navigate('/groups', { replace: true })}
      />
    </div>
  );
}
