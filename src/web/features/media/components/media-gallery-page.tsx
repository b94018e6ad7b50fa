import { useState } from 'react';
import { Images, SearchX, Upload } from 'lucide-react';
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
  return (
    <LoadingRegion label="Loading media" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4">
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
  const uploadButton = (
    <Button onClick={() => setUploadOpen(true)}>
      <Upload aria-hidden="true" />
      Upload Media
    </Button>
  );

  function body() {
    if (media.isPending) return <GridSkeleton />;
    if (media.isError) {
      return (
        <PanelError title="Couldn't load your media" onRetry={() => void media.refetch()} />
      );
    }
    if (items.length === 0) {
      return (
        <EmptyPanel icon={<Images aria-hidden="true" />} title="No media yet" action={uploadButton}>
          Upload photos, videos or GPX tracks from your rides to start your gallery.
        </EmptyPanel>
      );
    }
    if (visible.length === 0) {
      return (
        <EmptyPanel icon={<SearchX aria-hidden="true" />} title="No media found">
          {search.trim() ? `Nothing here matches “${search.trim()}”.` : 'Nothing in this category yet.'}
        </EmptyPanel>
      );
    }
    return (
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4" aria-label="Media">
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
      title="Media Gallery"
      description="Photos, videos and GPX tracks from your rides."
      action={<PageHeaderAction icon={<Upload aria-hidden="true" />} onClick={() => setUploadOpen(true)}>Upload Media</PageHeaderAction>}
    >
      <StorageUsageLine userId={user?.id} />

      <SearchField label="Search media" placeholder="Search by name or description" value={search} onChange={setSearch} className="mt-6" />

      <Tabs value={tab} onValueChange={(value) => setTab(value as MediaTab)} className="mt-4">
        <TabsList aria-label="Filter media" phoneColumns={3}>
          {MEDIA_TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
              {media.data ? (
                <span className="rounded-full bg-current/10 px-1.5 text-xs tabular-nums opacity-80">{filterMedia(items, t.value, search).length}</span>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {MEDIA_TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {t.value === tab ? body() : null}
          </TabsContent>
        ))}
      </Tabs>

      <UploadMediaDialog
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        destination={destination}
        description="Add photos, videos or GPX tracks to your gallery, or to one of your rides or groups."
        destinationField={user ? <UploadDestinationSelect userId={user.id} value={destination} onChange={setDestination} /> : null}
      />
      <MediaViewerDialog item={viewing} units={units} onOpenChange={(open) => (open ? null : setViewing(null))} browsing={{ items: visible, onShow: setViewing }} />
      <EditDescriptionDialog item={editing} onOpenChange={(open) => (open ? null : setEditing(null))} />
      <DeleteMediaDialog item={deleting} from="your gallery" onClose={() => setDeleting(null)} />
    </Page>
  );
}
