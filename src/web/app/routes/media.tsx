import { MediaGalleryPage } from '../../features/media/components/media-gallery-page';

/** /media */
export function Component() {
  return <MediaGalleryPage />;
}
