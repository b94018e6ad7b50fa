import type { ReactNode } from 'react';
import { CloudOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';

/** Placeholder rows while a tab's list loads. */
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

/** A quiet message inside a tab: the list's empty or error state. */
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
