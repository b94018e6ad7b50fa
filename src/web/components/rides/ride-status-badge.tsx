import type { RideStatus } from '../../../shared/rides/ride';
import { useLingui } from '@lingui/react';
import { STATUS_MESSAGES } from '../../lib/rides/ride-format';
import { Badge } from '../ui/badge';

/** Confirmed (green), Pending (amber) or Cancelled (red). */
export function RideStatusBadge({ status }: { status: RideStatus }) {
  const { i18n } = useLingui();
  const variant = status === 'confirmed' ? 'success' : status === 'cancelled' ? 'danger' : 'accent';
  return <Badge variant={variant}>{i18n._(STATUS_MESSAGES[status])}</Badge>;
}
