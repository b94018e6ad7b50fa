/*
 * What the ride page shows below its first screen, loaded after the page has painted
 * (ride-detail-page.tsx, docs/decisions/2026-11-27-ride-page-paints-first.md): the GPX viewer, the
 * photos and the comments, with their dialogs and upload code. One module, so one request.
 */
export { GpxRouteViewer } from '../../../components/rides/gpx-route-viewer';
export { RideMediaStrip } from '../../../components/media/ride-media-strip';
export { RideComments } from './ride-comments';
