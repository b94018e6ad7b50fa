import { Download, Route } from 'lucide-react';
import type { MediaItem } from '../../../../shared/media/media-item';
import { formatFileSize } from '../../../../shared/media/upload-rules';
import type { PreferredUnits } from '../../../../shared/users/current-user';
import { RetryingImage } from '../../../components/retrying-image';
import { buttonClasses } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { formatDate } from '../../../lib/format-date';
import { formatDistance } from '../../../lib/units';

/** View Full Size: the image, the video with its controls (seeking uses ranged reads), or a GPX file's summary. */
export function MediaViewerDialog({ item, units, onOpenChange }: { item: MediaItem | null; units: PreferredUnits; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg" padded={false} className="overflow-hidden sm:max-w-3xl" closeClassName="bg-asphalt-950/60 text-white hover:bg-asphalt-950/80">
        {item ? (
          <>
            <div className="flex max-h-[70dvh] min-h-48 items-center justify-center bg-asphalt-950">
              {item.fileType === 'image' ? (
                <RetryingImage src={item.url} alt={item.description ?? item.originalName} className="max-h-[70dvh] w-auto max-w-full object-contain" />
              ) : item.fileType === 'video' ? (
                <video src={item.url} controls preload="metadata" playsInline className="max-h-[70dvh] w-full bg-black" aria-label={item.originalName} />
              ) : (
                <div className="flex flex-col items-center gap-2 px-6 py-12 text-center text-white">
                  <Route className="size-10 text-ignition-400" aria-hidden="true" />
                  <p className="text-lg font-extrabold">{item.gpx?.name ?? 'GPX track'}</p>
                  {item.gpx ? (
                    <p className="text-sm text-asphalt-300 tabular-nums">
                      {formatDistance(item.gpx.summary.distanceKm, units)} · {item.gpx.summary.pointCount} points
                    </p>
                  ) : null}
                </div>
              )}
            </div>
            <div className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <DialogTitle className="truncate text-lg" title={item.originalName}>{item.originalName}</DialogTitle>
                <DialogDescription className="mt-0.5 tabular-nums">
                  {formatFileSize(item.size)} · {formatDate(item.createdAt)}
                </DialogDescription>
                {item.description ? <p className="mt-2 text-sm whitespace-pre-line text-asphalt-800">{item.description}</p> : null}
              </div>
              <a href={item.url} download={item.originalName} className={buttonClasses('secondary', 'md', 'shrink-0')}>
                <Download aria-hidden="true" />
                Download
              </a>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
