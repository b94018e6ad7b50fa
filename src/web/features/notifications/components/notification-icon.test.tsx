import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { NOTIFICATION_TYPES } from '../../../../shared/notifications/notification';
import { NotificationIcon } from './notification-icon';
import { render } from '../../../test/utils';

afterEach(cleanup);

function iconClassOf(type: string): string {
  const { container } = render(<NotificationIcon type={type} />);
  return container.querySelector('svg')!.getAttribute('class') ?? '';
}

describe('NotificationIcon', () => {
  it('gives a cancelled ride its own icon, not the bell', () => {
    expect(iconClassOf('ride_cancelled')).toContain('lucide-calendar-x');
  });

  it('gives every known type an icon of its own, and an unknown type the bell', () => {
    const classes = NOTIFICATION_TYPES.map(iconClassOf);
    expect(new Set(classes).size).toBe(NOTIFICATION_TYPES.length);
    expect(classes.some((c) => c.includes('lucide-bell'))).toBe(false);
    expect(iconClassOf('something_new')).toContain('lucide-bell');
  });
});
