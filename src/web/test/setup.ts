import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetToasts } from '../components/ui/toast-store';
import './setup-i18n';

// How long `waitFor` and `findBy…` wait for a condition: a limit, not a wait. The default second is
// short on a loaded 2-core machine for a screen that first loads a language's catalog.
configure({ asyncUtilTimeout: 5_000 });

// Files share one module graph (vitest.config.ts, isolate: false), so module state outlives a file.
// The toast store is such state: a toast a test left queued showed up in the next file's page, and
// its Radix layer sat above that file's dialog (Escape closed the toast, not the dialog). Every test
// ends unmounted and without toasts, whether or not its file remembers to say so.
afterEach(() => {
  cleanup();
  resetToasts();
});
