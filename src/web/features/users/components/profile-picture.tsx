import { Camera } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { UserAvatar } from '../../../components/users/user-avatar';
import { cn } from '../../../lib/cn';

interface ProfilePictureProps {
  rider: { userId: string; profileImageUrl: string | null };
  /** Classes of the wrapper (placement). */
  className?: string;
  /** Size, ring and text size of the avatar. */
  avatarClassName: string;
  /** Where the camera button sits on the picture. */
  buttonClassName: string;
  /** Opens Update profile picture; no camera button without it. */
  onEdit?: () => void;
}

/**
 * The large picture of a rider's profile and of the avatar card: named after the rider (it stands
 * alone there, unlike the chips beside a handle), with a camera button when the rider may change it.
 */
export function ProfilePicture({ rider, className, avatarClassName, buttonClassName, onEdit }: ProfilePictureProps) {
  const { t } = useLingui();
  const handle = rider.userId;
  return (
    <div className={cn('relative', className)}>
      <UserAvatar userId={rider.userId} imageUrl={rider.profileImageUrl} alt={rider.profileImageUrl ? t`${handle}'s profile picture` : ''} className={avatarClassName} />
      {onEdit ? (
        <button
          type="button"
          onClick={onEdit}
          aria-label={t`Update profile picture`}
          className={cn('absolute inline-flex size-9 items-center justify-center rounded-full bg-asphalt-900 text-white shadow-md ring-3 ring-white transition-colors hover:bg-asphalt-700', buttonClassName)}
        >
          <Camera className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
