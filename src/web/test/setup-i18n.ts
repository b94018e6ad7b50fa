import { i18n } from '@lingui/core';

// Component tests render in English from the source messages the macros keep outside production,
// so no catalog is needed; a test of another language loads its catalog (i18n.test.tsx).
i18n.loadAndActivate({ locale: 'en', locales: ['en-US'], messages: {} });
