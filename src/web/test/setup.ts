import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { onlineManager } from '@tanstack/react-query';
import { resetToasts } from '../components/ui/toast-store';

/*
 * Run before every test file. Files share one module graph (vitest.config.ts, isolate: false), and
 * vitest evaluates this file again for each of them, but not what it imports: a module imported from
 * here runs once per worker, and a hook it registers belongs to the first file only. So every hook
 * and every per-file start is written here. (The `beforeEach` that brought React Query back online
 * lived in an imported module: after a file whose server did not answer, every later file of that
 * worker ran offline, with its buttons disabled and its forms never submitted.)
 */

// How long `waitFor` and `findBy…` wait for a condition: a limit, not a wait. The default second is
// short on a loaded 2-core machine for a screen that first loads a language's catalog.
configure({ asyncUtilTimeout: 5_000 });

// Component tests render in English from the source messages the macros keep outside production,
// so no catalog is needed; a test of another language loads its catalog (activateLocale).
i18n.loadAndActivate({ locale: 'en', locales: ['en-US'], messages: {} });

// A test whose request got no answer leaves React Query offline (lib/online.ts: the server did not
// answer), and offline every action that needs the server is disabled: each test starts online.
beforeEach(() => onlineManager.setOnline(true));

// Module state outlives a file. The toast store is such state: a toast a test left queued showed up
// in the next file's page, and its Radix layer sat above that file's dialog (Escape closed the toast,
// not the dialog). Every test ends unmounted and without toasts, whether or not its file remembers to say so.
// Then the page must be empty: a layer left behind (a portal rendered outside React, a body Radix left
// inert) would sit over the next file's dialogs, so the test that left it fails, by name, here.
afterEach(() => {
  cleanup();
  resetToasts();
  const left = document.body.innerHTML;
  const inert = document.body.style.pointerEvents;
  if (left || inert) throw new Error(`the test left the page ${inert ? `with pointer-events: ${inert} on the body` : 'not empty'}: ${left.slice(0, 200)}`);
});
