import { Film, Images, Route } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MediaItem } from '../../../../shared/media/media-item';
import { RetryingImage } from '../../../components/retrying-image';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useUserMedia } from '../../../api/media';
import { CardNote } from './card-note';

/** How many items the profile shows; the Media Gallery screen has the rest. */
export const PROFILE_MEDIA_LIMIT = 12;

function Tile({ item }: { item: MediaItem }) {
  const label = item.description || item.originalName;
  if (item.fileType === 'image') {
    const placeholder = (
      <span className="flex size-full items-center justify-center text-asphalt-400">
        <Images className="size-6" aria-hidden="true" />
      </span>
    );
    return <RetryingImage src={item.thumbnailUrl ?? item.url} alt={label} loading="lazy" fallback={placeholder} className="size-full object-cover" />;
  }
  const Icon = item.fileType === 'video' ? Film : Route;
  return (
    <span className="flex size-full flex-col items-center justify-center gap-1.5 bg-asphalt-900 p-2 text-center text-asphalt-200">
      <Icon className="size-6 text-ignition-400" aria-hidden="true" />
      <span className="line-clamp-2 text-[11px] leading-tight font-semibold break-all">{item.originalName}</span>
    </span>
  );
}

/** The profile's Media Gallery: the rider's media the viewer may see, each opening full size. */
export function ProfileMediaCard({ accountId }: { accountId: string }) {
  const { t } = useLingui();
  const media = useUserMedia(accountId);
  const items = (media.data ?? []).slice(0, PROFILE_MEDIA_LIMIT);
  return (
    <Card aria-labelledby="media-title">
      <CardHeader titleId="media-title" icon={<Images />} title={t`Media Gallery`} />
      <CardBody>
        {media.isPending ? (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="aspect-square rounded-lg" />
            ))}
          </div>
        ) : media.isLoadingError ? (
          <CardNote><Trans>Photos and videos will appear here.</Trans></CardNote>
        ) : items.length === 0 ? (
          <CardNote><Trans>No media yet.</Trans></CardNote>
        ) : (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {items.map((item) => (
              <li key={item.id}>
                <a
                  href={item.url}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={item.description || item.originalName}
                  className="block aspect-square overflow-hidden rounded-lg bg-asphalt-100 ring-1 ring-asphalt-200 transition hover:opacity-90"
                >
                  <Tile item={item} />
                </a>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
