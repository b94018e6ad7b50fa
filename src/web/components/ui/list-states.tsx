// Loading, empty and error states shared by every page's lists, so they look and read the same everywhere.
import type { ReactNode } from 'react';
import { CloudOff } from 'lucide-react';
import { Button } from './button';
import { Skeleton } from './skeleton';

/** Placeholder rows while a list loads. */
export function RowsSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="divide-y divide-asphalt-100 rounded-2xl border border-asphalt-200/80 bg-white">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3 px-4 py-3.5">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-1/3" />
            <Skeleton className="h-3 w-1/4" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A quiet message inside a tab or card: a list's empty or error state. */
export function TabMessage({ icon, title, children, action }: { icon: ReactNode; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-asphalt-300 bg-white/60 px-6 py-10 text-center">
      <span className="text-asphalt-400 [&_svg]:size-8">{icon}</span>
      <p className="mt-3 text-sm font-bold text-asphalt-800">{title}</p>
      {children ? <p className="mt-1 max-w-sm text-sm text-asphalt-500">{children}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

/** A list that failed to load, with a retry. */
export function TabError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <TabMessage
      icon={<CloudOff aria-hidden="true" />}
      title={`Couldn't load ${what}`}
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      Check your connection and try again.
    </TabMessage>
  );
}

/** A dashed panel for empty and failed lists. */
export function EmptyPanel({ icon, title, children, action }: { icon: ReactNode; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-asphalt-200 bg-white/60 px-6 py-10 text-center sm:py-14">
      <span className="flex size-14 items-center justify-center rounded-full bg-asphalt-100 text-asphalt-500 [&_svg]:size-7">{icon}</span>
      <p className="mt-4 text-base font-extrabold tracking-tight text-asphalt-900">{title}</p>
      {children ? <div className="mt-1.5 max-w-sm text-sm text-asphalt-600">{children}</div> : null}
      {action ? <div className="mt-5 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
