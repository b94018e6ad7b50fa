import { MapPin } from 'lucide-react';
import { cn } from '../../lib/cn';

interface RiderLocationProps {
  /** Where the rider says they ride from; nothing is shown without one. */
  location: string | null | undefined;
  className?: string;
  /** The pin's size and colour (small in a member row, larger on a profile). */
  iconClassName?: string;
}

/** A rider's location after a pin, cut short in a narrow row with the whole name on hover. */
export function RiderLocation({ location, className = 'inline-flex', iconClassName = 'size-3' }: RiderLocationProps) {
  if (!location) return null;
  return (
    <span className={cn('min-w-0 items-center gap-1', className)}>
      <MapPin className={cn('shrink-0', iconClassName)} aria-hidden="true" />
      <span className="truncate" title={location}>
        {location}
      </span>
    </span>
  );
}
