import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RideStatus } from '../../../shared/rides/ride';
import { STATUS_MESSAGES } from '../../lib/rides/ride-format';
import { cn } from '../../lib/cn';
import { Badge } from '../ui/badge';

interface RideBadgesProps {
  status: RideStatus;
  /** The rider owns the ride: "Owner". */
  isOwner: boolean;
  /** The rider takes part (and is not the owner): "Joined". */
  joined: boolean;
  /** Badges only this place shows, after these (distance, series, waitlist place). */
  children?: ReactNode;
  className?: string;
}

/**
 * The badge row of a ride (its card and its page): the status, Confirmed (green), Pending (amber) or
 * Cancelled (red), then Owner or Joined.
 */
export function RideBadges({ status, isOwner, joined, children, className }: RideBadgesProps) {
  const { i18n } = useLingui();
  const variant = status === 'confirmed' ? 'success' : status === 'cancelled' ? 'danger' : 'accent';
  return (
    <div className={cn('flex flex-wrap items-center gap-1.5', className)}>
      <Badge variant={variant}>{i18n._(STATUS_MESSAGES[status])}</Badge>
      {isOwner ? (
        <Badge variant="accent">
          <Trans>Owner</Trans>
        </Badge>
      ) : null}
      {joined ? (
        <Badge variant="success">
          <Trans>Joined</Trans>
        </Badge>
      ) : null}
      {children}
    </div>
  );
}
