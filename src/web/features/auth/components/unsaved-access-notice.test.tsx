import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { buildCurrentUser, renderWithApp } from '../../../test/utils';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { UnsavedAccessNotice } from './unsaved-access-notice';

afterEach(cleanup);

// Inside the app's providers, as in the app: its texts are translated.
function renderNotice(user: CurrentUser, groupCount = 0) {
  return renderWithApp(<UnsavedAccessNotice user={user} groupCount={groupCount} />);
}

const text = 'You have not yet saved access to your account';

describe('UnsavedAccessNotice', () => {
  it('shows for a rider without e-mail who has profile data, linking to the highlighted e-mail field', () => {
    renderNotice(buildCurrentUser({ firstName: 'Ada' }));
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add email address →' }).getAttribute('href')).toBe('/preferences?highlight=email');
  });

  it('shows for a rider without e-mail who belongs to a group', () => {
    renderNotice(buildCurrentUser(), 1);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('stays hidden for a fresh guest and for a rider with an e-mail', () => {
    renderNotice(buildCurrentUser());
    expect(screen.queryByText(text)).toBeNull();
    cleanup();
    renderNotice(buildCurrentUser({ email: 'a@b.c', firstName: 'Ada' }), 2);
    expect(screen.queryByText(text)).toBeNull();
  });

  it('hides when dismissed', () => {
    renderNotice(buildCurrentUser({ bio: 'Twisties only' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(text)).toBeNull();
  });
});
