import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { TabError } from '../components/ui/list-states';
import { untranslatedTexts, usePseudoLocale } from './pseudo-locale';

describe('the pseudo-language in component tests', () => {
  it('shows every message accented and in brackets, and finds text left in English', () => {
    usePseudoLocale();
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <TabError what="rides" onRetry={() => {}} hint={false} />
        <p>Left in English</p>
      </I18nProvider>,
    );
    expect(screen.getByRole('button').textContent).toMatch(/^\[.*Ţŕŷ àĝàĩń.*\]$/);
    expect(untranslatedTexts(container, ['rides'])).toEqual(['Left in English']);
  });
});
