import { useState } from 'react';
import { CalendarDays, Mail, MapPin } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { Card } from '../../../components/ui/card';
import { ProfilePicture } from './profile-picture';
import { formatDate } from '../../../lib/format-date';
import { UpdateAvatarDialog } from './update-image-dialogs';
import { Fact } from '../../../components/ui/fact';

/** The facts under the picture: small and centred, like the handle above them. */
const CENTRED_FACT = { className: 'flex items-center justify-center gap-1.5', iconClassName: 'size-3.5 shrink-0 text-asphalt-400' };

/** Preferences, left column: the picture with its camera button, handle, e-mail, location, member since. */
export function AvatarCard({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const [dialogOpen, setDialogOpen] = useState(false);
  const joined = formatDate(user.createdAt);
  return (
    <Card aria-label={t`Your account`} className="overflow-hidden">
      <div aria-hidden="true" className="h-20 bg-asphalt-900 bg-[radial-gradient(circle_at_20%_120%,rgb(249_134_18/0.45),transparent_55%)]">
        <div className="relative top-[calc(50%-1.5px)] mx-6 h-[3px] bg-[repeating-linear-gradient(90deg,var(--color-ignition-500)_0_14px,transparent_14px_26px)] opacity-40" />
      </div>
      <div className="-mt-12 flex flex-col items-center px-5 pb-6 text-center">
        <ProfilePicture rider={user} avatarClassName="size-24 text-2xl ring-4 ring-white" buttonClassName="-end-1 -bottom-1" onEdit={() => setDialogOpen(true)} />
        <p className="mt-3 max-w-full truncate text-lg font-extrabold tracking-tight text-asphalt-950" title={user.userId}>{user.userId}</p>
        <dl className="mt-3 w-full space-y-1.5 text-sm text-asphalt-600">
          <Fact term={t`Email`} icon={Mail} {...CENTRED_FACT} valueClassName="min-w-0 truncate" valueTitle={user.email ?? undefined}>{user.email ?? <span className="text-asphalt-500 italic"><Trans>No email address yet</Trans></span>}</Fact>
          {user.location ? (
            <Fact term={t`Location`} icon={MapPin} {...CENTRED_FACT} valueClassName="min-w-0 truncate" valueTitle={user.location}>{user.location}</Fact>
          ) : null}
          <Fact term={t`Joined`} icon={CalendarDays} {...CENTRED_FACT}><Trans>Member since {joined}</Trans></Fact>
        </dl>
      </div>
      <UpdateAvatarDialog open={dialogOpen} onOpenChange={setDialogOpen} currentUserId={user.id} currentAvatarUrl={user.profileImageUrl} />
    </Card>
  );
}
