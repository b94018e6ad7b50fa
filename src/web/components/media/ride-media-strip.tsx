import { useState } from 'react';
import { Images, ImagePlus, Trash2 } from 'lucide-react';
import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MediaItem } from '../../../shared/media/media-item';
import type { Ride } from '../../../shared/rides/ride';
import { useRideMedia } from '../../api/media';
import { usePreferences } from '../../api/users';
import { Button } from '../ui/button';
import { Card, CardBody, CardHeader } from '../ui/card';
import { LoadingRegion, Skeleton } from '../ui/skeleton';
import { MediaPreview } from './media-preview';
import { DeleteMediaDialog } from './delete-media-dialog';
import { MediaViewerDialog } from './media-viewer-dialog';
import { UploadMediaDialog } from './upload-media-dialog';

const THUMB = 'relative size-24 shrink-0 snap-start overflow-hidden rounded-xl bg-asphalt-100 sm:size-28';

function StripSkeleton() {
  const { t } = useLingui();
  return (
    <LoadingRegion label={t`Loading photos and videos`} className="flex gap-3 overflow-hidden">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className={THUMB} />
      ))}
    </LoadingRegion>
  );
}

/**
 * A ride's photos and videos (its GPX files show with the route), as a row of thumbnails that open
 * the gallery's viewer at that item. Its riders and its group's members add to it ("Add photos");
 * the uploader, the ride's owner and the group's owner delete, after confirming. Absent for a ride
 * with none that the viewer may not add to.
 */
export function RideMediaStrip({ ride }: { ride: Ride }) {
  const { t } = useLingui();
  const rideName = ride.name;
  const media = useRideMedia(ride.id, true);
  const { units } = usePreferences();
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<MediaItem | null>(null);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const canAdd = ride.abilities.addMedia === true;
  const items = (media.data ?? []).filter((item) => item.fileType !== 'gpx');
  if (!canAdd && (media.isPending || media.isLoadingError || items.length === 0)) return null;

  function body() {
    if (media.isPending) return <StripSkeleton />;
    if (media.isLoadingError) {
      return (
        <div className="flex flex-wrap items-center gap-3 text-sm text-asphalt-600">
          <p>
            <Trans>Couldn&apos;t load the photos and videos.</Trans>
          </p>
          <Button variant="secondary" size="sm" onClick={() => void media.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      );
    }
    if (items.length === 0) {
      return (
        <p className="text-sm text-asphalt-600">
          <Trans>No photos yet. Riders and group members can add photos and videos of the day.</Trans>
        </p>
      );
    }
    return (
      <ul aria-label={t`Photos and videos of ${rideName}`} className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pt-1 pb-2">
        {items.map((item) => (
          <li key={item.id} className={THUMB}>
            <button type="button" onClick={() => setViewing(item)} className="group flex size-full items-center justify-center focus-visible:outline-offset-[-3px]">
              <span className="sr-only">{t`View ${ph({ fileName: item.originalName })} full size:`} </span>
              <MediaPreview item={item} units={units} />
            </button>
            {item.abilities.delete ? (
              <button
                type="button"
                aria-label={t`Delete ${ph({ fileName: item.originalName })}`}
                onClick={() => setDeleting(item)}
                className="absolute top-1 end-1 inline-flex size-8 items-center justify-center rounded-full bg-asphalt-950/70 text-white shadow ring-1 ring-white/60 transition-colors hover:bg-red-700 focus-visible:bg-red-700"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card aria-labelledby="ride-media-title" className="mb-6">
      <CardHeader
        titleId="ride-media-title"
        title={t`Photos and videos`}
        icon={<Images aria-hidden="true" />}
        actions={
          canAdd ? (
            <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
              <ImagePlus aria-hidden="true" />
              <Trans>Add photos</Trans>
            </Button>
          ) : null
        }
      />
      <CardBody>{body()}</CardBody>

      {canAdd ? (
        <UploadMediaDialog
          open={adding}
          onOpenChange={setAdding}
          destination={{ associatedType: 'ride', associatedId: ride.id }}
          title={t`Add photos`}
          description={t`Photos and videos of ${rideName}, for everyone who sees the ride.`}
          photosAndVideosOnly
        />
      ) : null}
      <MediaViewerDialog item={viewing} units={units} onOpenChange={(open) => (open ? null : setViewing(null))} browsing={{ items, onShow: setViewing }} />
      <DeleteMediaDialog item={deleting} from={{ rideName }} onClose={() => setDeleting(null)} />
    </Card>
  );
}
