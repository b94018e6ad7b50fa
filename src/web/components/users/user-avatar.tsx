import { initialsOf } from '../../../shared/users/current-user';
import { cn } from '../../lib/cn';
import { RetryingImage } from '../retrying-image';

export interface UserAvatarProps {
  /** The rider's handle: its first two letters, upper case, stand in when there is no picture. */
  userId: string | null | undefined;
  imageUrl: string | null | undefined;
  /** Size, ring and text size classes; defaults to the 36 px chip. */
  className?: string;
  /** Text alternative; empty (decorative) by default, since the handle is usually shown next to it. */
  alt?: string;
}

/**
 * A rider's round avatar: the profile picture (retried once if it fails to load), or the first two
 * letters of the handle in upper case on the accent colour (spec 1 section 2).
 */
export function UserAvatar({ userId, imageUrl, className = '', alt = '' }: UserAvatarProps) {
  // Defaults apply only when the caller sets no size or text size of its own (classes do not override each other).
  const size = /(^|\s)size-/.test(className) ? '' : 'size-9';
  const textSize = /(^|\s)text-(xs|sm|base|lg|\d?xl)\b/.test(className) ? '' : 'text-xs';
  const initials = (
    <span
      aria-hidden={alt ? undefined : true}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-ignition-500 font-black tracking-wide text-asphalt-950 select-none',
        size,
        textSize,
        className,
      )}
    >
      {initialsOf(userId) || '?'}
    </span>
  );
  if (!imageUrl) return initials;
  return (
    <RetryingImage
      src={imageUrl}
      alt={alt}
      fallback={initials}
      className={cn('shrink-0 rounded-full bg-asphalt-100 object-cover', size, className)}
    />
  );
}
