import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { buttonClasses } from '../../components/ui/button';
import { useBootShellRemoved } from '../boot-shell';

/** Shown when a screen fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  useBootShellRemoved();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className="flex min-h-dvh items-center justify-center bg-paper p-6">
      <div role="alert" className="max-w-md rounded-2xl border border-asphalt-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-black tracking-tight"><Trans>Something went wrong</Trans></h1>
        <p className="mt-2 text-sm text-asphalt-600">
          {detail ? <Trans>The page hit a pothole ({detail}). Reload to try again.</Trans> : <Trans>The page hit a pothole. Reload to try again.</Trans>}
        </p>
        <button type="button" onClick={() => window.location.reload()} className={buttonClasses('primary', 'lg', 'mt-6')}>
          <Trans>Reload</Trans>
        </button>
      </div>
    </div>
  );
}
