import { Link, useParams } from 'react-router';
import { ArrowLeft, CalendarDays, UserRound, UserRoundX } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicProfile } from '../../../../shared/users/profile';
import { buttonClasses } from '../../../components/ui/button';
import { PanelError } from '../../../components/ui/list-states';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { BackToDashboard, PageMessage } from '../../../components/ui/page-message';
import { LoadingRegion, Skeleton, SkeletonLines } from '../../../components/ui/skeleton';
import { useCurrentUser, useProfile } from '../../../api/users';
import { formatDate } from '../../../lib/format-date';
import { MotorcyclesCard } from './motorcycles-card';
import { ProfileHeader } from './profile-header';
import { ProfileLocationCard } from './profile-location-card';
import { ProfileMediaCard } from './profile-media-card';
import { RecentRidesCard } from './recent-rides-card';
import { CardNote } from './card-note';

/** /profile/{username} (spec 2 "Public profile"). */
export function ProfilePage() {
  const { t } = useLingui();
  const { username = '' } = useParams();
  const profile = useProfile(username);

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isLoadingError) {
    // Said as a group or ride page that could not load (PanelError), with a way back: the
    // profile's own message had neither, and its "Try Again" differed from every other page's.
    return (
      <div className="space-y-4">
        <Link to="/" className={buttonClasses('ghost', 'sm', '-ms-2')}>
          <ArrowLeft aria-hidden="true" />
          <Trans>Back to Dashboard</Trans>
        </Link>
        <PanelError title={t`Couldn't load this profile`} onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  if (!profile.data) return <ProfileNotFound />;
  return <ProfileView profile={profile.data} />;
}

function ProfileView({ profile }: { profile: PublicProfile }) {
  const { t } = useLingui();
  const joined = formatDate(profile.createdAt);
  const { data: viewer } = useCurrentUser();
  // Distances in the viewer's unit (the profile's own, for a visitor without an account).
  const units = viewer?.preferredUnits ?? profile.preferredUnits;
  return (
    <article className="space-y-5 lg:space-y-6">
      <ProfileHeader profile={profile} />
      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] lg:gap-6">
        <div className="space-y-5 lg:space-y-6">
          <Card aria-labelledby="about-title">
            <CardHeader titleId="about-title" icon={<UserRound />} title={t`About`} />
            <CardBody>
              {profile.bio ? (
                <p className="text-sm leading-relaxed whitespace-pre-line text-asphalt-800">{profile.bio}</p>
              ) : (
                <CardNote><Trans>No bio yet.</Trans></CardNote>
              )}
              <p className="mt-4 flex items-center gap-1.5 border-t border-asphalt-100 pt-4 text-sm text-asphalt-600">
                <CalendarDays className="size-4 text-asphalt-400" aria-hidden="true" />
                <Trans>Member since {joined}</Trans>
              </p>
            </CardBody>
          </Card>
          <ProfileLocationCard profile={profile} />
        </div>
        <div className="space-y-5 lg:space-y-6">
          <MotorcyclesCard accountId={profile.id} motorcycles={profile.motorcycles} canEdit={profile.abilities.edit} />
          <RecentRidesCard accountId={profile.id} units={units} />
          <ProfileMediaCard accountId={profile.id} />
        </div>
      </div>
    </article>
  );
}

function ProfileNotFound() {
  const { t } = useLingui();
  return (
    <PageMessage icon={UserRoundX} title={t`Profile not found`} text={t`There is no rider by that name, or their profile is not visible to you.`}>
      <BackToDashboard />
    </PageMessage>
  );
}

function ProfileSkeleton() {
  const { t } = useLingui();
  return (
    <LoadingRegion label={t`Loading profile`} className="space-y-5">
      <div className="overflow-hidden rounded-2xl border border-asphalt-200/80 bg-white">
        <Skeleton className="aspect-[16/9] max-h-72 w-full rounded-none sm:aspect-[3/1]" />
        <div className="flex items-end gap-4 px-5 pb-6 sm:px-7">
          <Skeleton className="-mt-14 size-28 rounded-full ring-4 ring-white sm:size-32" />
          <SkeletonLines className="min-w-0 flex-1 space-y-2 pb-1" lines={['h-7 w-48 max-w-full', 'h-4 w-32 max-w-full']} />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-40 rounded-2xl" />
      </div>
    </LoadingRegion>
  );
}
