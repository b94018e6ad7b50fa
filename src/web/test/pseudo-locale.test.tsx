import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TabError } from '../components/ui/list-states';
import { untranslatedTexts, usePseudoLocale } from './pseudo-locale';
import { render } from './utils';

describe('the pseudo-language in component tests', () => {
  it('shows every message accented and in brackets, and finds text left in English', () => {
    usePseudoLocale();
    const { container } = render(
      <>
        <TabError what="rides" onRetry={() => {}} hint={false} />
        <p>Left in English</p>
      </>,
    );
    expect(screen.getByRole('button').textContent).toMatch(/^\[.*Ţŕŷ àĝàĩń.*\]$/);
    expect(untranslatedTexts(container, ['rides'])).toEqual(['Left in English']);
  });
});
