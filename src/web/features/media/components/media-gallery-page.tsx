import { useState } from 'react';
import { Images, SearchX, Upload } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MediaItem } from '../../../../shared/media/media-item';
import { Button } from '../../../components/ui/button';
import { LoadingRegion, Skeleton, SkeletonLines } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useCurrentUser, usePreferences } from '../../../api/users';
import { useUserMedia } from '../../../api/media';
import { EditDescriptionDialog } from './edit-description-dialog';
import { filterMedia, MEDIA_TABS, type MediaTab } from './media-filters';
import { MediaTile } from './media-tile';
import { DeleteMediaDialog } from '../../../components/media/delete-media-dialog';
import { MediaViewerDialog } from '../../../components/media/media-viewer-dialog';
import { UploadMediaDialog } from '../../../components/media/upload-media-dialog';
import type { UploadDestination } from '../../../components/media/use-upload-queue';
import { UploadDestinationSelect } from './upload-destination-select';
import { StorageUsageLine } from './storage-usage-line';
import { Page, PageHeaderAction } from '../../../components/ui/page-header';
import { SearchField } from '../../../components/ui/search-field';
import { EmptyPanel, PanelError } from '../../../components/ui/list-states';

function GridSkeleton() {
  const { t } = useLingui();
  return (
    <LoadingRegion label={t`Loading media`} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <div key={i} className="overflow-hidden rounded-2xl border border-asphalt-200/80 bg-white">
          <Skeleton className="aspect-[4/3] rounded-none" />
          <SkeletonLines className="space-y-2 p-3.5" lines={['h-3.5 w-4/5', 'h-3 w-3/5']} />
        </div>
      ))}
    </LoadingRegion>
  );
}

/** /media: the signed-in rider's media, searchable and filtered by tab (spec 2 "Media Gallery"). */
export function MediaGalleryPage() {
  const { t, i18n } = useLingui();
  const { data: user } = useCurrentUser();
  const media = useUserMedia(user?.id);
  const [tab, setTab] = useState<MediaTab>('all');
  const [search, setSearch] = useState('');
  const [uploadOpen, setUploadOpen] = useState(false);
  const [destination, setDestination] = useState<UploadDestination>({ associatedType: 'profile' });
  const [viewing, setViewing] = useState<MediaItem | null>(null);
  const [editing, setEditing] = useState<MediaItem | null>(null);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const { units } = usePreferences();

  const items = media.data ?? [];
  const visible = filterMedia(items, tab, search);
  const searched = search.trim();
  const uploadButton = (
    <Button onClick={() => setUploadOpen(true)}>
      <Upload aria-hidden="true" />
      <Trans>Upload Media</Trans>
    </Button>
  );

  function body() {
    if (media.isPending) return <GridSkeleton />;
    if (media.isLoadingError) {
      return (
        <PanelError title={t`Couldn't load your media`} onRetry={() => void media.refetch()} />
      );
    }
    if (items.length === 0) {
      return (
        <EmptyPanel icon={<Images aria-hidden="true" />} title={t`No media yet`} action={uploadButton}>
          <Trans>Upload photos, videos or GPX tracks from your rides to start your gallery.</Trans>
        </EmptyPanel>
      );
    }
    if (visible.length === 0) {
      return (
        <EmptyPanel icon={<SearchX aria-hidden="true" />} title={t`No media found`}>
          {searched ? t`Nothing here matches “${searched}”.` : t`Nothing in this category yet.`}
        </EmptyPanel>
      );
    }
    return (
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4" aria-label={t`Media`}>
        {visible.map((item) => (
          <li key={item.id} className="flex [&>article]:flex-1">
            <MediaTile item={item} units={units} onView={setViewing} onEdit={setEditing} onDelete={setDeleting} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Page
      title={t`Media Gallery`}
      description={t`Photos, videos and GPX tracks from your rides.`}
      action={
        <PageHeaderAction icon={<Upload aria-hidden="true" />} onClick={() => setUploadOpen(true)}>
          <Trans>Upload Media</Trans>
        </PageHeaderAction>
      }
    >
      <StorageUsageLine userId={user?.id} />

      <SearchField label={t`Search media`} placeholder={t`Search by name or description`} value={search} onChange={setSearch} className="mt-6" />

      <Tabs value={tab} onValueChange={(value) => setTab(value as MediaTab)} className="mt-4">
        <TabsList aria-label={t`Filter media`} phoneColumns={3}>
          {MEDIA_TABS.map((mediaTab) => (
            <TabsTrigger key={mediaTab.value} value={mediaTab.value}>
              {i18n._(mediaTab.label)}
              {media.data ? (
                <span className="rounded-full bg-current/10 px-1.5 text-xs tabular-nums opacity-80">{filterMedia(items, mediaTab.value, search).length}</span>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {MEDIA_TABS.map((mediaTab) => (
          <TabsContent key={mediaTab.value} value={mediaTab.value}>
            {mediaTab.value === tab ? body() : null}
          </TabsContent>
        ))}
      </Tabs>

      <UploadMediaDialog
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        destination={destination}
        description={t`Add photos, videos or GPX tracks to your gallery, or to one of your rides or groups.`}
        destinationField={user ? <UploadDestinationSelect userId={user.id} value={destination} onChange={setDestination} /> : null}
      />
      <MediaViewerDialog item={viewing} units={units} onOpenChange={(open) => (open ? null : setViewing(null))} browsing={{ items: visible, onShow: setViewing }} />
      <EditDescriptionDialog item={editing} onOpenChange={(open) => (open ? null : setEditing(null))} />
      <DeleteMediaDialog item={deleting} from="gallery" onClose={() => setDeleting(null)} />
    </Page>
  );
}
