import type { KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, Download, Route } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { MediaItem } from '../../../shared/media/media-item';
import { fileSize } from '../../lib/format';
import type { PreferredUnits } from '../../../shared/users/current-user';
import { RetryingImage } from '../retrying-image';
import { Button, buttonClasses } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog';
import { formatDate } from '../../lib/format-date';
import { formatDistance } from '../../lib/units';

/** The items the viewer steps through (a ride's strip), and how it shows another. */
export interface MediaBrowsing {
  items: MediaItem[];
  onShow: (item: MediaItem) => void;
}

/**
 * View Full Size: the image, the video with its controls (seeking uses ranged reads), or a GPX
 * file's summary. Given `browsing`, Previous and Next (and the arrow keys, outside a video's
 * controls) step through its items.
 */
export function MediaViewerDialog({ item, units, onOpenChange, browsing }: { item: MediaItem | null; units: PreferredUnits; onOpenChange: (open: boolean) => void; browsing?: MediaBrowsing }) {
  const { t } = useLingui();
  const index = item && browsing ? browsing.items.findIndex((i) => i.id === item.id) : -1;
  const previous = index > 0 ? browsing?.items[index - 1] : undefined;
  const next = index >= 0 ? browsing?.items[index + 1] : undefined;
  const position = index + 1;
  const count = browsing?.items.length ?? 0;
  function onKeyDown(event: KeyboardEvent) {
    if (event.target instanceof HTMLVideoElement) return;
    const to = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : undefined;
    if (!to) return;
    event.preventDefault();
    browsing?.onShow(to);
  }
  return (
    <Dialog open={item !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg" padded={false} className="overflow-hidden sm:max-w-3xl" closeClassName="bg-asphalt-950/60 text-white hover:bg-asphalt-950/80" onKeyDown={onKeyDown}>
        {item ? (
          <>
            <div className="flex max-h-[70dvh] min-h-48 items-center justify-center bg-asphalt-950">
              {item.fileType === 'image' ? (
                <RetryingImage src={item.url} alt={item.description ?? item.originalName} className="max-h-[70dvh] w-auto max-w-full object-contain" />
              ) : item.fileType === 'video' ? (
                // Riders upload their videos as they are, without caption files to offer.
                // eslint-disable-next-line jsx-a11y/media-has-caption -- see the line above
                <video src={item.url} controls preload="metadata" playsInline className="max-h-[70dvh] w-full bg-black" aria-label={item.originalName} />
              ) : (
                <div className="flex flex-col items-center gap-2 px-6 py-12 text-center text-white">
                  <Route className="size-10 text-ignition-400" aria-hidden="true" />
                  <p className="text-lg font-extrabold">{item.gpx?.name ?? t`GPX track`}</p>
                  {item.gpx ? (
                    <p className="text-sm text-asphalt-300 tabular-nums">
                      {formatDistance(item.gpx.summary.distanceKm, units)} · <Plural value={item.gpx.summary.pointCount} one="# point" other="# points" />
                    </p>
                  ) : null}
                </div>
              )}
            </div>
            <div className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <DialogTitle className="truncate text-lg" title={item.originalName}>{item.originalName}</DialogTitle>
                <DialogDescription className="mt-0.5 tabular-nums">
                  {fileSize(item.size)} · {formatDate(item.createdAt)}
                </DialogDescription>
                {item.description ? <p className="mt-2 text-sm whitespace-pre-line text-asphalt-800">{item.description}</p> : null}
              </div>
              <div className="flex shrink-0 flex-wrap items-center gap-2">
                {browsing && browsing.items.length > 1 ? (
                  <>
                    <Button variant="secondary" size="icon" aria-label={t`Previous`} disabled={!previous} onClick={() => previous && browsing.onShow(previous)}>
                      <ChevronLeft aria-hidden="true" />
                    </Button>
                    <span className="text-sm text-asphalt-600 tabular-nums">
                      <Trans>
                        {position} of {count}
                      </Trans>
                    </span>
                    <Button variant="secondary" size="icon" aria-label={t`Next`} disabled={!next} onClick={() => next && browsing.onShow(next)}>
                      <ChevronRight aria-hidden="true" />
                    </Button>
                  </>
                ) : null}
                <a href={item.url} download={item.originalName} className={buttonClasses('secondary', 'md')}>
                  <Download aria-hidden="true" />
                  <Trans>Download</Trans>
                </a>
              </div>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
