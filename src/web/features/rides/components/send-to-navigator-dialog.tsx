import { useState, type ComponentProps } from 'react';
import { CalendarPlus, Download, Navigation } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ride } from '../../../../shared/rides/ride';
import { rideStops } from '../../../../shared/rides/ride-time';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { rideCalendarHref, rideFileHref } from '../../../api/rides';
import { useSavedDownload } from '../../../lib/saved-download';

const FILES = [
  {
    format: 'gpx',
    label: msg`GPX route and track`,
    hint: msg`Garmin (zūmo, nüvi, Edge): import it as a route; it keeps the planned roads. Phone apps (OsmAnd, Calimoto, Kurviger...): open it as a track.`,
  },
  {
    format: 'itn',
    label: msg`TomTom itinerary (ITN)`,
    hint: msg`Current TomTom units: copy it to the device through MyDrive Connect or its itn folder.`,
  },
  {
    format: 'itn-compact',
    label: msg`Older TomTom (ITN, 48 points)`,
    hint: msg`TomTom Rider models and TomTom units from before 2014, which take at most 48 points: every stop, and the road between as points they pass by.`,
  },
] as const;

/** A file to download, also offline (the service worker's saved copy: useSavedDownload). */
function FileLink({ href, children, ...props }: { href: string } & Omit<ComponentProps<'a'>, 'href' | 'download'>) {
  const file = useSavedDownload(href, '');
  return (
    <a {...props} href={file.href} download={file.download}>
      {children}
    </a>
  );
}

/** "Send to navigator": the ride as files for each family of device, and for a calendar. */
export function SendToNavigator({ ride }: { ride: Ride }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const placed = rideStops(ride).filter((s) => s.latitude !== null && s.longitude !== null && !(s.latitude === 0 && s.longitude === 0)).length;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Navigation aria-hidden="true" />
        <Trans>Send to navigator</Trans>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent size="lg">
          <DialogHeading
            title={<Trans>Send to navigator</Trans>}
            description={<Trans>Download the ride for your device. Every rider gets the same roads the leader planned.</Trans>}
          />
          {placed < 2 ? (
            <p role="status" className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
              <Trans>This ride needs at least two stops on the map before it can be sent to a navigator.</Trans>
            </p>
          ) : (
            <ul className="mt-4 space-y-3">
              {FILES.map((file) => (
                <li key={file.format} className="rounded-xl p-3 ring-1 ring-asphalt-200">
                  <FileLink href={rideFileHref(ride.id, file.format)} className={buttonClasses('primary', 'md', 'w-full sm:w-auto')} aria-describedby={`send-${file.format}-hint`}>
                    <Download aria-hidden="true" />
                    {i18n._(file.label)}
                  </FileLink>
                  <p id={`send-${file.format}-hint`} className="mt-2 text-xs text-asphalt-600">
                    {i18n._(file.hint)}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-4 rounded-xl p-3 ring-1 ring-asphalt-200">
            <FileLink href={rideCalendarHref(ride.id)} className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')} aria-describedby="send-ics-hint">
              <CalendarPlus aria-hidden="true" />
              <Trans>Add to calendar (.ics)</Trans>
            </FileLink>
            <p id="send-ics-hint" className="mt-2 text-xs text-asphalt-600">
              <Trans>One ride, once. To keep every ride up to date, subscribe to your calendar address in Preferences.</Trans>
            </p>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
