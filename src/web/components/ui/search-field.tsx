import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Search, X } from 'lucide-react';
import { cn } from '../../lib/cn';

interface SearchFieldProps {
  /** The accessible name ('Search groups'). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  size?: 'md' | 'lg';
  className?: string;
}

/**
 * A list's search box: a search landmark that filters as the rider types (Enter submits nothing),
 * with a clear button once there is text.
 */
export function SearchField({ label, placeholder, value, onChange, size = 'lg', className }: SearchFieldProps) {
  return (
    <form role="search" className={cn('relative', className)} onSubmit={(event) => event.preventDefault()}>
      <Search className="pointer-events-none absolute top-1/2 start-3.5 size-5 -translate-y-1/2 text-asphalt-400" aria-hidden="true" />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(
          'block w-full rounded-xl border border-asphalt-200 bg-white ps-11 text-base text-asphalt-900 shadow-sm shadow-asphalt-900/[0.03] transition-colors placeholder:text-asphalt-400 hover:border-asphalt-300 focus-visible:border-ignition-500 focus-visible:outline-ignition-500/40 sm:text-sm [&::-webkit-search-cancel-button]:hidden',
          size === 'lg' ? 'h-12 pe-11' : 'h-11 pe-10',
        )}
      />
      {value ? <ClearSearchButton onClear={() => onChange('')} /> : null}
    </form>
  );
}

/** The "Clear search" button inside a search box's right edge (the box keeps room for it). */
export function ClearSearchButton({ onClear }: { onClear: () => void }) {
  const { i18n } = useLingui();
  return (
    <button
      type="button"
      aria-label={i18n._(msg`Clear search`)}
      onClick={onClear}
      className="absolute top-1/2 end-2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-lg text-asphalt-400 transition-colors hover:bg-asphalt-100 hover:text-asphalt-800"
    >
      <X className="size-4" aria-hidden="true" />
    </button>
  );
}
