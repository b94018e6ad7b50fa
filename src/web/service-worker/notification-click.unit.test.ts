import { describe, expect, it } from 'vitest';
import { notificationClickAction } from './notification-click';

const origin = 'https://rides.example';
const ridePage = 'https://rides.example/groups/alpine/rides/futa-pass';

describe('a tap on a pushed notification', () => {
  it('opens the page in a new window when no window of the app is open', () => {
    expect(notificationClickAction([], '/groups/alpine/rides/futa-pass', origin)).toEqual({ kind: 'open', url: ridePage });
    expect(notificationClickAction([{ url: 'https://elsewhere.example/', focused: true }], '/groups/alpine/rides/futa-pass', origin)).toEqual({ kind: 'open', url: ridePage });
  });

  it('focuses a window already showing the page', () => {
    const windows = [
      { url: 'https://rides.example/', focused: true },
      { url: ridePage, focused: false },
    ];
    expect(notificationClickAction(windows, '/groups/alpine/rides/futa-pass', origin)).toEqual({ kind: 'focus', window: windows[1] });
  });

  it('takes an open window of the app to the page, the focused one first', () => {
    const windows = [
      { url: 'https://rides.example/groups', focused: false },
      { url: 'https://rides.example/preferences', focused: true },
    ];
    expect(notificationClickAction(windows, '/groups/alpine/rides/futa-pass', origin)).toEqual({ kind: 'navigate', window: windows[1], url: ridePage });
    expect(notificationClickAction([windows[0]!], '/groups/alpine/rides/futa-pass', origin)).toEqual({ kind: 'navigate', window: windows[0], url: ridePage });
  });

  it('keeps the query of the page (a group opens at its tab)', () => {
    expect(notificationClickAction([], '/groups/alpine?tab=pending', origin)).toEqual({ kind: 'open', url: 'https://rides.example/groups/alpine?tab=pending' });
  });

  it('opens the home page for a link of another site or none at all', () => {
    for (const link of ['https://evil.example/phish', '//evil.example/x', undefined, 42, 'http://[bad']) {
      expect(notificationClickAction([], link, origin)).toEqual({ kind: 'open', url: 'https://rides.example/' });
    }
  });
});
