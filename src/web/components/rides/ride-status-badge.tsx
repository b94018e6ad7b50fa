import type { RideStatus } from '../../../shared/rides/ride';
import { STATUS_LABELS } from '../../lib/rides/ride-format';
import { Badge } from '../ui/badge';

/** Confirmed (green), Pending (amber) or Cancelled (red). */
export function RideStatusBadge({ status }: { status: RideStatus }) {
  const variant = status === 'confirmed' ? 'success' : status === 'cancelled' ? 'danger' : 'accent';
  return <Badge variant={variant}>{STATUS_LABELS[status]}</Badge>;
}
