import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatLocale } from '../../../lib/i18n/i18n';

/** Counted nouns as the group screens show them ("1 member", "12 members"), in the rider's language. */
export function useGroupText() {
  const { t } = useLingui();
  return {
    membersText: (count: number) => t`${plural(count, { one: '# member', other: '# members' })}`,
    ridesText: (count: number) => t`${plural(count, { one: '# ride', other: '# rides' })}`,
    upcomingRidesText: (count: number) =>
      count === 0 ? t`No upcoming rides` : t`${plural(count, { one: '# upcoming ride', other: '# upcoming rides' })}`,
    /** "Bologna, Italy · 50 km radius" */
    radiusText: (radiusKm: number) => {
      const radius = radiusKm.toLocaleString(formatLocale());
      return t`${radius} km radius`;
    },
  };
}
