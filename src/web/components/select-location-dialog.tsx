import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LocateFixed, MapPin, Search } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePlaceSearchPlaceholder } from '../api/app-config';
import { cn } from '../lib/cn';
import { useCurrentUser } from '../api/users';
import { formatCoordinates, locationSearchQueryOptions, nameOfPosition, nearPointOf, placeOf, type SelectedPlace } from '../api/geocoding';
import { i18n } from '../lib/i18n/i18n';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { Button } from './ui/button';
import { Dialog, DialogContent } from './ui/dialog';
import { DialogHeading } from './ui/dialog-heading';
import { Input } from './ui/input';
import { placeTypeLabel } from './place-type-label';
import { ClearSearchButton } from './ui/search-field';
import { Skeleton, SkeletonLines } from './ui/skeleton';
import { toast } from './ui/toast';

/** Spec 1 sections 7 and 9: high accuracy, 10 s timeout, a cached position up to 5 minutes old. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 };
export const SEARCH_DEBOUNCE_MS = 500;

/** Spec 1 section 8, "Geolocation". */
export function geolocationErrorMessage(error: Pick<GeolocationPositionError, 'code'>): string {
  switch (error.code) {
    case 1:
      return i18n._(msg`Location access denied. Please enable location services.`);
    case 2:
      return i18n._(msg`Location information unavailable.`);
    case 3:
      return i18n._(msg`Location request timed out.`);
    default:
      return i18n._(msg`Failed to get your location.`);
  }
}

/** Whether this browser can give its position; says so in a toast when it cannot. */
export function canLocate(): boolean {
  if ('geolocation' in navigator && navigator.geolocation) return true;
  toast({ title: i18n._(msg`Location not supported`), description: i18n._(msg`Geolocation is not supported by this browser.`), variant: 'destructive' });
  return false;
}

/** The browser's position, with the options every place picker uses. */
export function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, GEOLOCATION_OPTIONS));
}

export interface SelectLocationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Receives the chosen place; the dialog then closes. */
  onSelect: (place: SelectedPlace) => void;
  title?: string;
}

/**
 * The Select Location dialog (spec 1 section 2): the rider's current position (browser geolocation,
 * named by a reverse look-up on our server), or a place search 500 ms after typing stops.
 */
export function SelectLocationDialog({ open, onOpenChange, onSelect, title }: SelectLocationDialogProps) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');

  function handleOpenChange(next: boolean) {
    if (!next) setQuery('');
    onOpenChange(next);
  }

  function choose(place: SelectedPlace) {
    onSelect(place);
    handleOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent size="lg">
        <DialogHeading title={title ?? t`Select Location`} description={<Trans>Use where you are now, or search for a place.</Trans>} />
        <div className="space-y-5">
          <CurrentLocationCard onLocated={choose} />
          <LocationSearch query={query} onQueryChange={setQuery} onChoose={choose} />
        </div>
      </DialogContent>
    </Dialog>
  );
}

function CurrentLocationCard({ onLocated }: { onLocated: (place: SelectedPlace) => void }) {
  const [locating, setLocating] = useState(false);
  const { t } = useLingui();

  async function locate() {
    if (!canLocate()) return;
    setLocating(true);
    let position: GeolocationPosition;
    try {
      position = await currentPosition();
    } catch (error) {
      setLocating(false);
      toast({ title: t`Location error`, description: geolocationErrorMessage(error as GeolocationPositionError), variant: 'destructive' });
      return;
    }
    const { latitude, longitude } = position.coords;
    const address = await nameOfPosition(latitude, longitude);
    setLocating(false);
    toast({ title: t`Location obtained`, description: t`Successfully got your current location.`, variant: 'success' });
    onLocated({ address, latitude, longitude });
  }

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-ignition-200 bg-ignition-50/70 p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-ignition-600 shadow-sm ring-1 ring-ignition-200">
        <LocateFixed className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 basis-40">
        <p className="text-sm font-bold text-asphalt-950"><Trans>Use Current Location</Trans></p>
        <p className="text-xs text-asphalt-600"><Trans>Find where you are with your device's GPS.</Trans></p>
      </div>
      <Button variant="dark" size="sm" className="w-full sm:w-auto" onClick={() => void locate()} disabled={locating}>
        {locating ? t`Getting...` : t`Use Current`}
      </Button>
    </div>
  );
}

interface LocationSearchProps {
  query: string;
  onQueryChange: (query: string) => void;
  onChoose: (place: SelectedPlace) => void;
}

function LocationSearch({ query, onQueryChange, onChoose }: LocationSearchProps) {
  const inputId = useId();
  const resultsId = useId();
  const text = query.trim();
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const placeholder = usePlaceSearchPlaceholder();
  const { t } = useLingui();
  const { data: user } = useCurrentUser();
  const search = useQuery(locationSearchQueryOptions(settled, nearPointOf(user)));
  // Searching from the first keystroke until the answer for the settled text arrives.
  const searching = text !== '' && (text !== settled || search.isFetching);

  useEffect(() => {
    if (!search.isLoadingError) return;
    console.error('Location search failed', search.error);
    toast({ title: i18n._(msg`Search failed`), description: i18n._(msg`Failed to search locations. Please try again.`), variant: 'destructive' });
  }, [search.isLoadingError, search.error]);

  const results = text && !search.isLoadingError && text === settled ? (search.data ?? []) : [];

  return (
    <div>
      <label htmlFor={inputId} className="sr-only">
        <Trans>Search for a location</Trans>
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-asphalt-400" aria-hidden="true" />
        <Input
          id={inputId}
          type="search"
          autoComplete="off"
          placeholder={placeholder}
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          aria-controls={resultsId}
          className="pe-10 ps-9 [&::-webkit-search-cancel-button]:appearance-none"
        />
        {query ? <ClearSearchButton onClear={() => onQueryChange('')} /> : null}
      </div>
      <div id={resultsId} aria-live="polite" aria-busy={searching} className="mt-3 max-h-60 overflow-y-auto overscroll-contain rounded-xl border border-asphalt-200">
        {searching ? (
          <ul aria-label={t`Searching`} className="divide-y divide-asphalt-100">
            {[0, 1, 2].map((row) => (
              <li key={row} className="flex items-center gap-3 px-3 py-3" data-testid="location-skeleton">
                <Skeleton className="size-8 rounded-full" />
                <SkeletonLines lines={['h-3.5 w-3/5', 'h-3 w-2/5']} />
              </li>
            ))}
          </ul>
        ) : results.length > 0 ? (
          <ul aria-label={t`Locations`} className="divide-y divide-asphalt-100">
            {results.map((result) => {
              const place = placeOf(result);
              return (
                <li key={result.place_id}>
                  <button
                    type="button"
                    onClick={() => onChoose(place)}
                    className="flex w-full items-center gap-3 px-3 py-2.5 text-start transition-colors hover:bg-asphalt-50 focus-visible:bg-asphalt-50 focus-visible:outline-offset-[-2px]"
                  >
                    <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-asphalt-100 text-asphalt-600">
                      <MapPin className="size-4" aria-hidden="true" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold text-asphalt-950" title={result.display_name}>{result.display_name}</span>
                      <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-asphalt-500">
                        <span className="font-medium text-asphalt-700">{placeTypeLabel(result.type)}</span>
                        <span aria-hidden="true">·</span>
                        <span className="font-mono tabular-nums">{formatCoordinates(place.latitude, place.longitude)}</span>
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <EmptyState query={text} failed={search.isLoadingError} />
        )}
      </div>
    </div>
  );
}

function EmptyState({ query, failed }: { query: string; failed: boolean }) {
  if (query && !failed) {
    return (
      <div className="px-4 py-8 text-center">
        <MapPin className="mx-auto size-7 text-asphalt-300" aria-hidden="true" />
        <p className="mt-2 text-sm font-semibold text-asphalt-800"><Trans>No locations found for the query</Trans></p>
        <p className="mt-1 text-xs text-asphalt-500"><Trans>Try searching for a city, state, or country</Trans></p>
      </div>
    );
  }
  return (
    <div className={cn('px-4 py-8 text-center')}>
      <Search className="mx-auto size-7 text-asphalt-300" aria-hidden="true" />
      <p className="mt-2 text-sm text-asphalt-600"><Trans>Search for a location or use your current position.</Trans></p>
    </div>
  );
}
