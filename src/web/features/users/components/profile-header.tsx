import { useState } from 'react';
import { Link } from 'react-router';
import { ImageUp, Settings } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicProfile } from '../../../../shared/users/profile';
import { RetryingImage } from '../../../components/retrying-image';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RiderLocation } from '../../../components/users/rider-location';
import { ProfilePicture } from './profile-picture';
import { UpdateAvatarDialog, UpdateBackgroundDialog } from './update-image-dialogs';

export function displayNameOf(profile: Pick<PublicProfile, 'firstName' | 'lastName' | 'userId'>): string {
  return [profile.firstName, profile.lastName].filter(Boolean).join(' ').trim() || profile.userId;
}

/** A road at dusk: the banner of riders without a background image. */
function DefaultBanner() {
  return (
    <div aria-hidden="true" className="absolute inset-0 bg-asphalt-900 bg-[radial-gradient(ellipse_at_85%_130%,rgb(249_134_18/0.55),transparent_60%),radial-gradient(ellipse_at_0%_0%,rgb(255_185_95/0.12),transparent_50%)]">
      <div className="absolute inset-x-0 bottom-[30%] h-[3px] bg-[repeating-linear-gradient(90deg,var(--color-ignition-500)_0_22px,transparent_22px_40px)] opacity-40" />
    </div>
  );
}

/** Banner, avatar, name, @handle and location; the profile's own rider can change both pictures. */
export function ProfileHeader({ profile }: { profile: PublicProfile }) {
  const { t } = useLingui();
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [backgroundOpen, setBackgroundOpen] = useState(false);
  const canEdit = profile.abilities.edit;
  const name = displayNameOf(profile);

  return (
    <Card className="overflow-hidden">
      <div className="relative aspect-[16/9] max-h-72 w-full sm:aspect-[3/1]">
        <DefaultBanner />
        {profile.backgroundImageUrl ? (
          <RetryingImage src={profile.backgroundImageUrl} alt={t`${name}'s background`} className="absolute inset-0 size-full object-cover" />
        ) : null}
        {canEdit ? (
          <button
            type="button"
            onClick={() => setBackgroundOpen(true)}
            className="absolute top-3 end-3 inline-flex h-9 items-center gap-2 rounded-lg bg-asphalt-950/60 px-3 text-sm font-semibold text-white backdrop-blur-sm transition-colors hover:bg-asphalt-950/80"
          >
            <ImageUp className="size-4" aria-hidden="true" />
            <span className="max-sm:sr-only">
              <Trans>Change Background</Trans>
            </span>
          </button>
        ) : null}
      </div>
      <div className="relative px-5 pb-5 sm:px-7 sm:pb-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <ProfilePicture
            rider={profile}
            className="-mt-14 w-fit sm:-mt-16"
            avatarClassName="size-28 text-3xl ring-4 ring-white sm:size-32"
            buttonClassName="end-0.5 bottom-0.5"
            onEdit={canEdit ? () => setAvatarOpen(true) : undefined}
          />
          <div className="min-w-0 flex-1 sm:pt-4">
            <h1 className="text-2xl font-black tracking-tight break-words text-asphalt-950 sm:text-3xl">{name}</h1>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-asphalt-600">
              <span className="font-semibold text-asphalt-700">@{profile.userId}</span>
              <RiderLocation location={profile.location} className="flex" iconClassName="size-3.5 text-asphalt-400" />
            </p>
          </div>
          {canEdit ? (
            <Link to="/preferences" className={buttonClasses('secondary', 'md', 'sm:mt-4')}>
              <Settings aria-hidden="true" />
              <Trans>Edit Profile</Trans>
            </Link>
          ) : null}
        </div>
      </div>
      {canEdit ? (
        <>
          <UpdateAvatarDialog open={avatarOpen} onOpenChange={setAvatarOpen} currentUserId={profile.id} currentAvatarUrl={profile.profileImageUrl} />
          <UpdateBackgroundDialog open={backgroundOpen} onOpenChange={setBackgroundOpen} accountId={profile.id} currentBackgroundUrl={profile.backgroundImageUrl} />
        </>
      ) : null}
    </Card>
  );
}
