import { RetryingImage } from '../retrying-image';
import { cn } from '../../lib/cn';

/** Up to two initials of the group's name, for groups without an image. */
function monogramOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '').slice(0, 2);
  return letters.toUpperCase() || '?';
}

/**
 * The group's square image (retried once when it fails to load), or its initials on an asphalt
 * tile with a dashed centre line, so every group has a recognisable mark.
 */
export function GroupImage({ name, imageUrl, className }: { name: string; imageUrl: string | null; className?: string }) {
  const monogram = (
    <span
      aria-hidden="true"
      className={cn(
        'relative flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-asphalt-900 font-black tracking-tight text-ignition-400 select-none',
        className,
      )}
    >
      <span className="absolute inset-x-0 bottom-[18%] h-[3px] bg-[repeating-linear-gradient(90deg,var(--color-ignition-500)_0_8px,transparent_8px_14px)] opacity-50" />
      <span className="relative">{monogramOf(name)}</span>
    </span>
  );
  if (!imageUrl) return monogram;
  return (
    <RetryingImage
      src={imageUrl}
      alt=""
      fallback={monogram}
      className={cn('size-12 shrink-0 rounded-xl bg-asphalt-100 object-cover', className)}
    />
  );
}
