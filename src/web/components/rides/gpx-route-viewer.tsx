import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ph, t as translated } from '@lingui/core/macro';
import { ChevronDown, Download, Maximize2, Minimize2, MountainSnow, Route, Timer, Trash2, TrendingDown, TrendingUp, Upload, Waypoints } from 'lucide-react';
import { GPX_MESSAGES } from '../../../shared/gpx/gpx-messages';
import type { MediaItem } from '../../../shared/media/media-item';
import { checkUploadFile } from '../../../shared/media/upload-rules';
import type { PreferredUnits } from '../../../shared/users/current-user';
import { deleteMedia, gpxDataQueryOptions, mediaKeys, uploadMedia, useRideMedia } from '../../api/media';
import { serverMessageOf } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { usePreferences } from '../../api/users';
import { formatDistance } from '../../lib/units';
import { formatLocale } from '../../lib/i18n/i18n';
import { useSavedDownload } from '../../lib/saved-download';
import { Button, buttonClasses } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Skeleton } from '../ui/skeleton';
import { toast } from '../ui/toast';
import type { GpxMapFile } from './gpx-route-map';
import { PartBoundary } from '../part-boundary';

const GpxRouteMap = lazy(() => import('./gpx-route-map'));

export interface GpxRouteViewerProps {
  /** The ride whose GPX files are shown. */
  rideId: string;
  /** The viewer may upload and delete the ride's GPX files (the ride's abilities.uploadMedia). */
  canUpload: boolean;
  /** Start expanded (default: collapsed, as in the spec's collapsible 'View Route'). */
  defaultOpen?: boolean;
  className?: string;
}

const FEET_PER_METRE = 3.28084;

/*
 * formatElevation and formatDuration write in the active language (the app's one i18n instance):
 * they are called while SummaryTiles renders, which re-renders when the language changes.
 */
function formatElevation(metres: number, units: PreferredUnits): string {
  if (units === 'miles') {
    const feet = Math.round(metres * FEET_PER_METRE).toLocaleString(formatLocale());
    return translated`${feet} ft`;
  }
  const metresText = Math.round(metres).toLocaleString(formatLocale());
  return translated`${metresText} m`;
}

export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return translated`${days}d ${hours}h`;
  if (hours > 0) return translated`${hours}h ${rest}m`;
  return translated`${rest}m`;
}

/** The summary tiles over every GPX file of the ride. */
function SummaryTiles({ files, units }: { files: MediaItem[]; units: PreferredUnits }) {
  const { t } = useLingui();
  const summaries = files.flatMap((f) => (f.gpx ? [f.gpx.summary] : []));
  const total = (pick: (s: (typeof summaries)[number]) => number) => summaries.reduce((sum, s) => sum + pick(s), 0);
  const timed = summaries.filter((s) => s.durationSeconds !== null && s.durationSeconds > 0);
  const tiles: Array<{ label: string; value: string; icon: ReactNode }> = [
    { label: t`Distance`, value: formatDistance(total((s) => s.distanceKm), units), icon: <Route aria-hidden="true" /> },
    { label: t`Elevation gain`, value: formatElevation(total((s) => s.elevationGainM), units), icon: <TrendingUp aria-hidden="true" /> },
    { label: t`Elevation loss`, value: formatElevation(total((s) => s.elevationLossM), units), icon: <TrendingDown aria-hidden="true" /> },
    { label: t`Points`, value: total((s) => s.pointCount + s.waypointCount).toLocaleString(formatLocale()), icon: <Waypoints aria-hidden="true" /> },
  ];
  if (timed.length > 0) tiles.push({ label: t`Duration`, value: formatDuration(timed.reduce((sum, s) => sum + (s.durationSeconds ?? 0), 0)), icon: <Timer aria-hidden="true" /> });
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {tiles.map((tile) => (
        <div key={tile.label} className="rounded-xl border border-asphalt-200/80 bg-asphalt-50/70 px-3 py-2.5">
          <dt className="flex items-center gap-1.5 text-xs font-semibold text-asphalt-500 [&_svg]:size-3.5 [&_svg]:shrink-0">
            {tile.icon}
            {tile.label}
          </dt>
          <dd className="mt-0.5 text-base font-extrabold text-asphalt-950 tabular-nums">{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A GPX file's download, also offline (the service worker's saved copy: useSavedDownload). */
function GpxFileLink({ file, className }: { file: MediaItem; className: string }) {
  const saved = useSavedDownload(file.url, file.originalName);
  return (
    <a href={saved.href} download={saved.download} className={className}>
      <Download aria-hidden="true" />
      <span className="max-w-48 truncate" title={file.originalName}>
        {file.originalName}
      </span>
    </a>
  );
}

function MapMessage({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="flex h-full min-h-48 items-center justify-center rounded-xl bg-asphalt-50 px-4 text-center text-sm font-semibold text-asphalt-600">
      {children}
    </div>
  );
}

/** The tracks on the map, with the spec's fullscreen toggle and error texts. */
function RouteMap({ files }: { files: MediaItem[] }) {
  const { t } = useLingui();
  const [fullscreen, setFullscreen] = useState(false);
  const parsed = useQueries({ queries: files.map((f) => gpxDataQueryOptions(f.id)) });
  if (parsed.some((q) => q.isPending)) return <Skeleton className="h-72 rounded-xl sm:h-96" />;
  const loaded: GpxMapFile[] = parsed.flatMap((q, i) => (q.data ? [{ id: files[i]!.id, name: files[i]!.originalName, data: q.data }] : []));
  if (loaded.length === 0) return <MapMessage>{GPX_MESSAGES.loadFailed}</MapMessage>;
  const drawable = loaded.filter((f) => f.data.bounds !== null);
  if (drawable.length === 0) return <MapMessage>{GPX_MESSAGES.noValidData}</MapMessage>;
  return (
    <div className={cn('overflow-hidden bg-white', fullscreen ? 'fixed inset-0 z-50 flex flex-col' : 'relative h-72 rounded-xl ring-1 ring-asphalt-200 sm:h-96')} data-testid="gpx-map">
      <PartBoundary fallback={<MapMessage>{GPX_MESSAGES.mapFailed}</MapMessage>}>
        <Suspense fallback={<Skeleton className="size-full rounded-none" />}>
          <div className={cn('isolate', fullscreen ? 'flex-1' : 'size-full')}>
            <GpxRouteMap files={drawable} fullscreen={fullscreen} />
          </div>
        </Suspense>
      </PartBoundary>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setFullscreen((v) => !v)}
        aria-pressed={fullscreen}
        className="absolute top-3 end-3 z-[1000] shadow-md"
      >
        {fullscreen ? <Minimize2 aria-hidden="true" /> : <Maximize2 aria-hidden="true" />}
        {fullscreen ? t`Exit Fullscreen` : t`Fullscreen`}
      </Button>
    </div>
  );
}

/** The owner's GPX upload button: one request per file, with progress on the button. */
function UploadGpxButton({ rideId }: { rideId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function upload(list: FileList) {
    for (const file of Array.from(list)) {
      const check = checkUploadFile(file);
      if (check !== 'ok') {
        toast(
          check === 'tooLarge'
            ? { title: t`File too large`, description: t`Please upload files smaller than 50MB.`, variant: 'destructive' }
            : { title: t`Unsupported file type`, description: t`Please upload GIF, JPEG, PNG, MP4, or GPX files only.`, variant: 'destructive' },
        );
        continue;
      }
      setProgress(0);
      try {
        await uploadMedia({ file, associatedType: 'ride', associatedId: rideId, onProgress: (p) => setProgress(p.fraction) });
        toast({ title: t`Upload successful`, description: t`Your media has been uploaded successfully.`, variant: 'success' });
      } catch (error) {
        toast({ title: t`Upload failed`, description: serverMessageOf(error) ?? t`Failed to upload media. Please try again.`, variant: 'destructive' });
      }
    }
    setProgress(null);
    await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
  }

  const percent = progress !== null ? Math.round(progress * 100) : 0;
  return (
    <>
      <Button variant="secondary" size="sm" disabled={progress !== null} onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" />
        {progress !== null ? t`Uploading ${percent}%` : t`Upload GPX`}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".gpx,application/gpx+xml,application/xml,text/xml"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label={t`Upload GPX files`}
        onChange={(event) => {
          if (event.target.files?.length) void upload(event.target.files);
          event.target.value = '';
        }}
      />
    </>
  );
}

/**
 * The collapsible 'View Route' section of a ride (spec 2 "GPX route map viewer"): summary tiles,
 * download buttons, the tracks on a map (Leaflet loads with it) with a fullscreen toggle; the
 * owner uploads and deletes the files. Everyone who may see the ride sees it.
 */
export function GpxRouteViewer({ rideId, canUpload, defaultOpen = false, className }: GpxRouteViewerProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const queryClient = useQueryClient();
  const { units } = usePreferences();
  const media = useRideMedia(rideId, open);
  const files = (media.data ?? []).filter((m) => m.fileType === 'gpx');
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const [deletePending, setDeletePending] = useState(false);

  async function confirmDelete() {
    if (!deleting) return;
    setDeletePending(true);
    try {
      await deleteMedia(deleting.id);
      await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    } catch (error) {
      console.error('Delete failed', error);
      toast({ title: t`Error`, description: t`Failed to delete media`, variant: 'destructive' });
    }
    setDeletePending(false);
    setDeleting(null);
  }

  return (
    <section className={cn('rounded-2xl border border-asphalt-200/80 bg-white', className)} aria-label={t`GPX route`}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center gap-2.5 rounded-2xl px-4 py-3 text-start text-sm font-bold text-asphalt-900 transition-colors hover:bg-asphalt-50"
      >
        <Route className="size-4 text-ignition-600" aria-hidden="true" />
        <span className="flex-1">
          <Trans>View Route</Trans>
        </span>
        <ChevronDown className={cn('size-4 text-asphalt-500 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      {open ? (
        <div id={panelId} className="space-y-4 border-t border-asphalt-100 px-4 pt-4 pb-4">
          {media.isPending ? (
            <Skeleton className="h-40 rounded-xl" />
          ) : media.isLoadingError ? (
            <MapMessage>{GPX_MESSAGES.loadFailed}</MapMessage>
          ) : files.length === 0 ? (
            <div className="flex flex-col items-center rounded-xl border-2 border-dashed border-asphalt-200 px-4 py-8 text-center">
              <MountainSnow className="size-8 text-asphalt-400" aria-hidden="true" />
              <p className="mt-3 text-sm font-extrabold text-asphalt-900">
                <Trans>No Route Data</Trans>
              </p>
              <p className="mt-1 text-sm text-asphalt-600">
                <Trans>Upload GPX files to view the route on the map</Trans>
              </p>
              {canUpload ? (
                <div className="mt-4">
                  <UploadGpxButton rideId={rideId} />
                </div>
              ) : null}
            </div>
          ) : (
            <>
              <SummaryTiles files={files} units={units} />
              <div className="flex flex-wrap items-center gap-2">
                {files.map((file) => (
                  <span key={file.id} className="inline-flex items-center">
                    <GpxFileLink file={file} className={buttonClasses('secondary', 'sm', canUpload ? 'rounded-e-none' : undefined)} />
                    {canUpload ? (
                      <Button variant="secondary" size="sm" aria-label={t`Delete ${ph({ fileName: file.originalName })}`} className="rounded-s-none border-s-0 px-2" onClick={() => setDeleting(file)}>
                        <Trash2 aria-hidden="true" />
                      </Button>
                    ) : null}
                  </span>
                ))}
                {canUpload ? <UploadGpxButton rideId={rideId} /> : null}
              </div>
              <RouteMap files={files} />
            </>
          )}
        </div>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => (next ? null : setDeleting(null))}
        title={t`Delete GPX file?`}
        description={deleting ? t`“${ph({ fileName: deleting.originalName })}” will be removed from this ride.` : ''}
        confirmLabel={t`Delete`}
        pendingLabel={t`Deleting...`}
        pending={deletePending}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}
