import { useId, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { cn } from '../lib/cn';
import { locationSearchQueryOptions, placeOf, type SelectedPlace } from '../lib/location-search';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { LOCATION_RESULT_LIMIT } from '../../shared/geo/location-search';
import { Input, Label } from './ui/input';

export type { SelectedPlace } from '../lib/location-search';

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
  autoFocus?: boolean;
  className?: string;
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
  autoFocus,
  className,
}: LocationSearchInputProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const listId = `${generatedId}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Only text the rider typed is searched (not a chosen suggestion, nor a value set by the parent).
  const [typed, setTyped] = useState<string | null>(null);

  const text = typed !== null && typed === value ? typed.trim() : '';
  const settled = useDebouncedValue(text, debounceMs);
  const searchable = settled.length >= minChars && settled === text;
  const search = useQuery({
    ...locationSearchQueryOptions(settled),
    enabled: settled.length >= minChars,
    placeholderData: keepPreviousData,
  });
  const results = search.isError || text.length < minChars ? [] : (search.data ?? []).slice(0, LOCATION_RESULT_LIMIT);
  const expanded = open && results.length > 0 && !disabled;
  const activeIndex = active < results.length ? active : -1;
  const busy = searchable && search.isFetching;

  function choose(index: number) {
    const result = results[index];
    if (!result) return;
    const place = placeOf(result);
    setTyped(null);
    setOpen(false);
    setActive(-1);
    onTextChange(place.address);
    onSelect(place);
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
        <MapPin className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-asphalt-400" aria-hidden="true" />
        <Input
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          autoFocus={autoFocus}
          disabled={disabled}
          placeholder={placeholder}
          value={value}
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
            setActive(-1);
            onTextChange(event.target.value);
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          className="pr-9 pl-9"
        />
        {busy ? (
          <span
            aria-hidden="true"
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin rounded-full border-2 border-ignition-500 border-r-transparent"
          />
        ) : null}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggested locations"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-1.5 overflow-hidden rounded-xl border border-asphalt-200 bg-white p-1 shadow-xl shadow-asphalt-950/15"
      >
        {expanded
          ? results.map((result, index) => (
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
    </div>
  );
}
