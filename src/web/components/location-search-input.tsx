import { useLingui } from '@lingui/react/macro';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { cn } from '../lib/cn';
import { locationSearchQueryOptions, type NearPoint, placeOf, type SelectedPlace } from '../api/geocoding';
import { PlaceResolutionNote, type PlaceResolution } from './place-resolution-note';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { LOCATION_RESULT_LIMIT } from '../../shared/geo/location-search';
import { Input, Label } from './ui/input';

export type { SelectedPlace } from '../api/geocoding';

/**
 * Turns on resolving typed text: a stop is never saved somewhere the rider did not see, so text typed
 * but not picked is looked up (on blur or Enter) and the best suggestion is put in the box and shown
 * under it ("Roma → Rome, Lazio, Italy") for the rider to keep or change; when nothing matches the
 * rider picks another or keeps the text without a place on the map.
 */
export interface PlaceResolutionOptions {
  /** The rider chose to keep the text as it is, not on the map (the parent holds this). */
  textOnly: boolean;
  /** Keep the text as it is, not on the map. The parent's onTextChange clears the choice again. */
  onKeepTextOnly: () => void;
}

export interface LocationSearchInputProps {
  id?: string;
  label?: string;
  placeholder?: string;
  /** The text in the box (controlled). */
  value: string;
  /** Every change of the text, typed or chosen. */
  onTextChange: (text: string) => void;
  /** A suggestion was chosen: its name and coordinates. */
  onSelect: (place: SelectedPlace) => void;
  /** Suggestions start at this many characters (spec: 3; 2 in waypoint rows). */
  minChars?: number;
  /** Wait this long after typing stops before searching (spec: 300 ms in forms). */
  debounceMs?: number;
  disabled?: boolean;
  name?: string;
  /** Marks the box invalid (red border, aria-invalid). */
  invalid?: boolean;
  /** id(s) of the element(s) describing the box (hint, error). */
  describedBy?: string;
  className?: string;
  /** Resolve typed text that was not picked (ride, group and profile forms). */
  resolve?: PlaceResolutionOptions;
  /** The point suggestions are ranked toward: the group's location in group forms, else the rider's. */
  near?: NearPoint | null;
}

/**
 * A text box with place suggestions from GET /api/search-location (spec 2 sections 5 and 9): from
 * `minChars` characters, `debounceMs` after typing stops, at most 5 suggestions, navigable with the
 * arrow keys (ARIA combobox). A failed search empties and closes the list without a message.
 */
export function LocationSearchInput({
  id,
  label,
  placeholder,
  value,
  onTextChange,
  onSelect,
  minChars = 3,
  debounceMs = 300,
  disabled = false,
  name,
  invalid = false,
  describedBy,
  className,
  resolve,
  near = null,
}: LocationSearchInputProps) {
  const { t } = useLingui();
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const listId = `${generatedId}-list`;
  const noteId = `${generatedId}-resolution`;
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Only text the rider typed is searched (not a chosen suggestion, nor a value set by the parent).
  const [typed, setTyped] = useState<string | null>(null);
  const [resolution, setResolution] = useState<PlaceResolution | null>(null);
  // The box's latest text, so a look-up that returns after the rider typed on is dropped.
  const latestValue = useRef(value);
  useLayoutEffect(() => {
    latestValue.current = value;
  }, [value]);

  const text = typed !== null && typed === value ? typed.trim() : '';
  const settled = useDebouncedValue(text, debounceMs);
  const searchable = settled.length >= minChars && settled === text;
  const search = useQuery({
    ...locationSearchQueryOptions(settled, near),
    enabled: settled.length >= minChars,
    placeholderData: keepPreviousData,
  });
  const results = search.isLoadingError || text.length < minChars ? [] : (search.data ?? []).slice(0, LOCATION_RESULT_LIMIT);
  const expanded = open && results.length > 0 && !disabled;
  const activeIndex = active < results.length ? active : -1;
  // A note belongs to the text it was made for: once the box holds something else it is gone.
  const shownResolution = resolution && value.trim() === (resolution.state === 'placed' ? resolution.name : resolution.typed) ? resolution : null;
  const busy = (searchable && search.isFetching) || shownResolution?.state === 'looking';
  const textOnlyShown = Boolean(resolve?.textOnly && value.trim());

  function choose(index: number) {
    const result = results[index];
    if (!result) return;
    const place = placeOf(result);
    setTyped(null);
    setOpen(false);
    setActive(-1);
    setResolution(null);
    onTextChange(place.address);
    onSelect(place);
  }

  /** Typed text the rider neither picked a place for nor chose to keep as text only. */
  const unresolvedText = resolve && !resolve.textOnly && typed !== null && typed === value ? value.trim() : '';

  async function resolveTyped() {
    const query = unresolvedText;
    if (!query || resolution?.typed === query) return;
    setOpen(false);
    setActive(-1);
    setResolution({ state: 'looking', typed: query });
    let best: SelectedPlace | null = null;
    let failed = false;
    try {
      const found = await queryClient.fetchQuery(locationSearchQueryOptions(query, near));
      best = found[0] ? placeOf(found[0]) : null;
    } catch (error) {
      console.error('Place look-up failed', error);
      failed = true;
    }
    if (latestValue.current.trim() !== query) return;
    if (!best) {
      setResolution({ state: failed ? 'failed' : 'none', typed: query });
      return;
    }
    setTyped(null);
    setResolution({ state: 'placed', typed: query, name: best.address });
    onTextChange(best.address);
    onSelect(best);
  }

  /** Back to the typed text with its suggestions open, the focus in the box. */
  function pickAnother(from: string) {
    setResolution(null);
    setTyped(from);
    setOpen(true);
    setActive(-1);
    if (from !== value) onTextChange(from);
    inputRef.current?.focus();
    inputRef.current?.select();
  }

  function keepTextOnly(textToKeep: string) {
    setResolution(null);
    setTyped(null);
    if (textToKeep !== value) onTextChange(textToKeep);
    resolve?.onKeepTextOnly();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      if (results.length === 0) return;
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % results.length);
    } else if (event.key === 'ArrowUp') {
      if (results.length === 0) return;
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      if (expanded && activeIndex >= 0) {
        event.preventDefault();
        choose(activeIndex);
      } else if (unresolvedText) {
        // Enter would submit the form with a stop the rider has not seen placed: look it up first.
        event.preventDefault();
        void resolveTyped();
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        // Close the list, not the dialog around the box.
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      }
    }
  }

  return (
    <div className={cn('relative', className)}>
      {label ? <Label htmlFor={inputId}>{label}</Label> : null}
      <div className="relative">
        <MapPin className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-asphalt-400" aria-hidden="true" />
        <Input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={[describedBy, shownResolution || textOnlyShown ? noteId : null].filter(Boolean).join(' ') || undefined}
          autoComplete="off"
          disabled={disabled}
          placeholder={placeholder}
          value={value}
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
            setActive(-1);
            setResolution(null);
            onTextChange(event.target.value);
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            if (unresolvedText) void resolveTyped();
          }}
          className="pe-9 ps-9"
        />
        {busy ? (
          <span
            aria-hidden="true"
            className="absolute top-1/2 end-3 size-4 -translate-y-1/2 animate-spin rounded-full border-2 border-ignition-500 border-e-transparent"
          />
        ) : null}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t`Suggested locations`}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-1.5 overflow-hidden rounded-xl border border-asphalt-200 bg-white p-1 shadow-xl shadow-asphalt-950/15"
      >
        {expanded
          ? results.map((result, index) => (
              // The keyboard picks options in the box itself (arrow keys and Enter, aria-activedescendant).
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- see the line above
              <li
                key={result.place_id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                // Keep the focus in the box so blur does not close the list before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(index)}
                className={cn(
                  'flex cursor-pointer items-start gap-2.5 rounded-lg px-3 py-2 text-sm',
                  index === activeIndex ? 'bg-asphalt-100 text-asphalt-950' : 'text-asphalt-700',
                )}
              >
                <MapPin className="mt-0.5 size-4 shrink-0 text-ignition-600" aria-hidden="true" />
                <span className="min-w-0 flex-1">{result.display_name}</span>
              </li>
            ))
          : null}
      </ul>
      {resolve ? (
        <PlaceResolutionNote
          id={noteId}
          resolution={shownResolution}
          textOnly={textOnlyShown ? value.trim() : null}
          onPickAnother={pickAnother}
          onKeepTextOnly={keepTextOnly}
        />
      ) : null}
    </div>
  );
}
