// Loading, empty and error states shared by every page's lists, so they look and read the same everywhere.
import type { ReactNode } from 'react';
import { CloudOff } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONNECTION_LOST } from '../../lib/api-client';
import { Button } from './button';
import { LoadingRegion, Skeleton, SkeletonLines } from './skeleton';

/** Placeholder rows while a list loads. */
export function RowsSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <LoadingRegion label={label} className="divide-y divide-asphalt-100 rounded-2xl border border-asphalt-200/80 bg-white">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3 px-4 py-3.5">
          <Skeleton className="size-10 rounded-full" />
          <SkeletonLines lines={['h-3.5 w-1/3', 'h-3 w-1/4']} />
        </div>
      ))}
    </LoadingRegion>
  );
}

type MessageProps = { icon: ReactNode; title: string; children?: ReactNode; action?: ReactNode };

/** The classes of the two looks a list's message takes: quiet inside a tab or card, or a dashed panel on a page. */
const MESSAGE_LOOKS = {
  tab: {
    box: 'flex flex-col items-center rounded-2xl border border-dashed border-asphalt-300 bg-white/60 px-6 py-10 text-center',
    icon: 'text-asphalt-400 [&_svg]:size-8',
    title: 'mt-3 text-sm font-bold text-asphalt-800',
    action: 'mt-4',
  },
  panel: {
    box: 'flex flex-col items-center rounded-2xl border-2 border-dashed border-asphalt-200 bg-white/60 px-6 py-10 text-center sm:py-14',
    icon: 'flex size-14 items-center justify-center rounded-full bg-asphalt-100 text-asphalt-500 [&_svg]:size-7',
    title: 'mt-4 text-base font-extrabold tracking-tight text-asphalt-900',
    action: 'mt-5 flex flex-wrap justify-center gap-2',
  },
};

function ListMessage({ look, icon, title, children, action }: MessageProps & { look: keyof typeof MESSAGE_LOOKS }) {
  const classes = MESSAGE_LOOKS[look];
  return (
    <div className={classes.box}>
      <span className={classes.icon}>{icon}</span>
      <p className={classes.title}>{title}</p>
      {children && look === 'tab' ? <p className="mt-1 max-w-sm text-sm text-asphalt-500">{children}</p> : null}
      {children && look === 'panel' ? <div className="mt-1.5 max-w-sm text-sm text-asphalt-600">{children}</div> : null}
      {action ? <div className={classes.action}>{action}</div> : null}
    </div>
  );
}

/** A quiet message inside a tab or card: a list's empty or error state. */
export function TabMessage(props: MessageProps) {
  return <ListMessage look="tab" {...props} />;
}

/** A dashed panel for empty and failed lists. */
export function EmptyPanel(props: MessageProps) {
  return <ListMessage look="panel" {...props} />;
}

/** What failed to load, each its whole sentence (word order differs by language). */
const COULD_NOT_LOAD = {
  polls: msg`Couldn't load polls`,
  rides: msg`Couldn't load rides`,
  members: msg`Couldn't load members`,
  'membership requests': msg`Couldn't load membership requests`,
};

/** A list that failed to load, with a retry; `hint: false` leaves out the sentence under the title. */
export function TabError({ what, onRetry, hint = true }: { what: keyof typeof COULD_NOT_LOAD; onRetry: () => void; hint?: boolean }) {
  const { i18n } = useLingui();
  return (
    <TabMessage
      icon={<CloudOff aria-hidden="true" />}
      title={i18n._(COULD_NOT_LOAD[what])}
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      }
    >
      {/* The same words a failed action's toast uses (api-client): one sentence for one cause. */}
      {hint ? i18n._(CONNECTION_LOST) : null}
    </TabMessage>
  );
}

/** A page's list (or the page's subject) that failed to load, as a dashed panel with a retry. */
export function PanelError({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <EmptyPanel
      icon={<CloudOff aria-hidden="true" />}
      title={title}
      action={
        <Button variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      }
    >
      {i18n._(CONNECTION_LOST)}
    </EmptyPanel>
  );
}

/** A card's list that failed to load: its sentence, then a link-styled retry. */
export function InlineLoadError({ children, onRetry, className = 'text-sm text-asphalt-600' }: { children: ReactNode; onRetry: () => void; className?: string }) {
  return (
    <p role="alert" className={className}>
      {children}{' '}
      <Button variant="link" size="sm" className="min-h-0 p-0" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </p>
  );
}
