import { Play, Route } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import type { MediaItem } from '../../../shared/media/media-item';
import type { PreferredUnits } from '../../../shared/users/current-user';
import { formatDistance } from '../../lib/units';
import { RetryingImage } from '../retrying-image';

/** An item's preview for tiles and strips: the image's thumbnail, the video's first frame, or a GPX file's distance. */
export function MediaPreview({ item, units }: { item: MediaItem; units: PreferredUnits }) {
  if (item.fileType === 'image') {
    return (
      <RetryingImage
        src={item.thumbnailUrl ?? item.url}
        alt={item.description ?? item.originalName}
        loading="lazy"
        className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        fallback={
          <span className="text-xs text-asphalt-500">
            <Trans>Image unavailable</Trans>
          </span>
        }
      />
    );
  }
  if (item.fileType === 'video') {
    return (
      <>
        {/* The first frame as the poster: the server answers the ranged reads this needs. */}
        <video src={`${item.url}#t=0.1`} preload="metadata" muted playsInline className="size-full bg-asphalt-900 object-cover" aria-hidden="true" tabIndex={-1} />
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex size-11 items-center justify-center rounded-full bg-asphalt-950/70 text-white shadow-lg ring-2 ring-white/70 [&_svg]:size-5">
            <Play aria-hidden="true" className="translate-x-px fill-current" />
          </span>
        </span>
      </>
    );
  }
  const summary = item.gpx?.summary;
  return (
    <span className="flex size-full flex-col items-center justify-center gap-1.5 bg-gradient-to-br from-asphalt-800 to-asphalt-950 px-3 text-center text-white">
      <Route className="size-8 text-ignition-400" aria-hidden="true" />
      <span className="text-xs font-bold tracking-wide uppercase">
        <Trans>GPX track</Trans>
      </span>
      {summary ? <span className="text-sm font-semibold tabular-nums text-asphalt-200">{formatDistance(summary.distanceKm, units)}</span> : null}
    </span>
  );
}
