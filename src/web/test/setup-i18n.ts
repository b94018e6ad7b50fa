import { i18n } from '@lingui/core';
import { beforeEach } from 'vitest';
import { onlineManager } from '@tanstack/react-query';

// Component tests render in English from the source messages the macros keep outside production,
// so no catalog is needed; a test of another language loads its catalog (i18n.test.tsx).
i18n.loadAndActivate({ locale: 'en', locales: ['en-US'], messages: {} });

// A test whose request got no answer leaves React Query offline (lib/online.ts: the server did not
// answer); the test files share one module graph, so each test starts online again.
beforeEach(() => onlineManager.setOnline(true));
