import { useId, useState } from 'react';
import { ArrowRight, Plus, Trash2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { MAX_WAYPOINTS } from '../../../../shared/rides/ride';
import { usePlaceSearchPlaceholder } from '../../../api/app-config';
import { type NearPoint } from '../../../api/geocoding';
import { shortPlace } from '../../../lib/rides/ride-format';
import { LocationSearchInput } from '../../location-search-input';
import { FieldMessage } from '../../ui/field';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent } from '../../ui/dialog';
import { DialogHeading } from '../../ui/dialog-heading';
import { cleanWaypoints, RIDE_FORM_MESSAGES, type WaypointRow } from './ride-form-model';

/** Spec 2 section 9: waypoint rows search from 2 characters, 300 ms after typing stops. */
export const WAYPOINT_MIN_CHARS = 2;
export const WAYPOINT_DEBOUNCE_MS = 300;

/**
 * A row with a stable key, so removing one in the middle keeps the others' search boxes as they are;
 * `textOnly` when the rider chose to keep its name without a place on the map.
 */
type KeyedRow = WaypointRow & { key: number; textOnly: boolean };

let nextKey = 1;
const placed = (row: WaypointRow) => row.latitude !== null && row.longitude !== null;
// A saved row without coordinates was kept as text only.
const keyed = (row: WaypointRow): KeyedRow => ({ name: row.name, latitude: row.latitude, longitude: row.longitude, key: nextKey++, textOnly: row.name.trim().length > 0 && !placed(row) });
const emptyRow = (): KeyedRow => keyed({ name: '', latitude: null, longitude: null });

/** The rows the dialog opens with: the saved waypoints, or one empty row. */
export function initialRows(waypoints: readonly WaypointRow[]): KeyedRow[] {
  return waypoints.length > 0 ? waypoints.map(keyed) : [emptyRow()];
}

/** Typing in a row (not choosing a suggestion) forgets its coordinates and any "text only" choice. */
export function withText(text: string): WaypointRow & { textOnly: false } {
  return { name: text, latitude: null, longitude: null, textOnly: false };
}

/** A named row that has neither a place nor the rider's "keep as text only". */
function unplaced(row: KeyedRow): boolean {
  return row.name.trim().length > 0 && !placed(row) && !row.textOnly;
}

interface WaypointsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  waypoints: WaypointRow[];
  onSave: (waypoints: WaypointRow[]) => void;
  /** For the route summary. */
  startLocation: string;
  endLocation: string;
  /** Where typed waypoints are looked up around. */
  near?: NearPoint | null;
}

/**
 * "Configure Route Waypoints" (spec 2 sections 2 and 5): up to 10 rows with place search, the last
 * remaining row cannot be removed, rows with an empty name are dropped on save, and clearing a row's
 * text resets its coordinates to 0.
 */
export function WaypointsDialog({ open, onOpenChange, ...props }: WaypointsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">{open ? <WaypointsEditor {...props} onClose={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function WaypointsEditor({ waypoints, onSave, startLocation, endLocation, near = null, onClose }: Omit<WaypointsDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const idBase = useId();
  const placeholder = usePlaceSearchPlaceholder();
  const [rows, setRows] = useState<KeyedRow[]>(() => initialRows(waypoints));
  // Set when Save was pressed with rows still unplaced: those rows say what they need.
  const [checked, setChecked] = useState(false);
  const named = cleanWaypoints(rows.map(({ name, latitude, longitude }) => ({ name, latitude, longitude })));
  const start = startLocation.trim() || t({ message: 'Start', context: 'the route starts here' });
  const end = endLocation.trim() || t({ message: 'End', context: 'the route ends here' });
  const summary = [start, ...named.map((w) => w.name), end];
  const savedCount = named.length;
  const rowCount = rows.length;

  function update(index: number, row: Partial<KeyedRow>) {
    setRows((current) => current.map((r, i) => (i === index ? { ...r, ...row, key: r.key } : r)));
  }

  function save() {
    const firstUnplaced = rows.findIndex(unplaced);
    if (firstUnplaced >= 0) {
      // A waypoint is never saved somewhere the rider did not see.
      setChecked(true);
      document.getElementById(`${idBase}-${firstUnplaced}`)?.focus();
      return;
    }
    onSave(named);
    onClose();
  }

  return (
    <>
      <DialogHeading
        title={<Trans>Configure Route Waypoints</Trans>}
        description={<Trans>Add up to 10 waypoints to create a detailed route. Waypoints will be visited in order.</Trans>}
      />

      <ol aria-label={t`Waypoints`} className="space-y-3">
        {rows.map((row, index) => {
          const rowError = checked && unplaced(row) ? `${idBase}-${index}-error` : undefined;
          const waypointNumber = index + 1;
          return (
          <li key={row.key} className="flex items-start gap-2">
            <span
              aria-hidden="true"
              className="mt-2.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-ignition-100 text-xs font-black text-ignition-800"
            >
              {index + 1}
            </span>
            <label htmlFor={`${idBase}-${index}`} className="sr-only">
              <Trans>Waypoint {waypointNumber}</Trans>
            </label>
            <div className="min-w-0 flex-1">
              <LocationSearchInput
                id={`${idBase}-${index}`}
                placeholder={placeholder}
                value={row.name}
                minChars={WAYPOINT_MIN_CHARS}
                debounceMs={WAYPOINT_DEBOUNCE_MS}
                invalid={Boolean(rowError)}
                describedBy={rowError}
                onTextChange={(text) => {
                  if (text !== row.name) update(index, withText(text));
                }}
                onSelect={(place) => update(index, { name: place.address, latitude: place.latitude, longitude: place.longitude, textOnly: false })}
                near={near}
                resolve={{ textOnly: row.textOnly, onKeepTextOnly: () => update(index, { textOnly: true }) }}
              />
              <FieldMessage id={rowError}>{rowError ? i18n._(RIDE_FORM_MESSAGES.unplaced) : null}</FieldMessage>
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t`Remove waypoint ${waypointNumber}`}
              disabled={rows.length <= 1}
              onClick={() => setRows((current) => (current.length <= 1 ? current : current.filter((_, i) => i !== index)))}
              className="mt-0.5 size-10 text-asphalt-500 hover:text-red-700"
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
          );
        })}
      </ol>

      <Button
        variant="secondary"
        className="mt-3 w-full"
        disabled={rows.length >= MAX_WAYPOINTS}
        onClick={() => setRows((current) => (current.length >= MAX_WAYPOINTS ? current : [...current, emptyRow()]))}
      >
        <Plus aria-hidden="true" />
        <Trans>
          Add Waypoint ({rowCount}/{MAX_WAYPOINTS})
        </Trans>
      </Button>

      <section aria-label={t`Route summary`} className="mt-5 rounded-xl bg-asphalt-50 p-4">
        <h3 className="text-xs font-bold tracking-wide text-asphalt-500 uppercase">
          <Trans>Route summary</Trans>
        </h3>
        <p className="mt-2 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm font-semibold text-asphalt-800">
          {summary.map((name, index) => (
            <span key={`${index}-${name}`} className="inline-flex items-center gap-1.5">
              {index > 0 ? <ArrowRight className="size-3.5 text-asphalt-400" aria-label={t({ message: 'then', context: 'arrow between two stops of a route' })} /> : null}
              {shortPlace(name)}
            </span>
          ))}
        </p>
        <p className="mt-1 text-xs text-asphalt-500">
          {savedCount === 0
            ? t`No waypoints yet: the route goes straight from start to end.`
            : t`${plural(savedCount, { one: '# waypoint between start and end.', other: '# waypoints between start and end.' })}`}
        </p>
      </section>

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">
            <Trans>Cancel</Trans>
          </Button>
        </DialogClose>
        <Button onClick={save}>
          <Trans>Save Waypoints ({savedCount})</Trans>
        </Button>
      </div>
    </>
  );
}
