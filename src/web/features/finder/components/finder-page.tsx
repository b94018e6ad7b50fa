import { useState } from 'react';
import { Compass, MapPin } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PreferredUnits } from '../../../../shared/users/current-user';
import { BigMessage } from '../../../components/ui/big-message';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { useCurrentUser, usePreferences } from '../../../api/users';
import { type Centre, profileCentre } from './finder-centre';
import { FinderPlaceField } from './finder-place-field';
import { FINDER_RADIUS, expandedRadius, radiusLabel } from './finder-radius';
import { FinderResultsTabs } from './finder-results-tabs';
import { RadiusSlider } from './radius-slider';

/** /finder (spec 2 section 2, "Ride Finder"): where and how far, then the groups and rides found. */
export function FinderPage() {
  const { t } = useLingui();
  const { data: user } = useCurrentUser();
  const { units } = usePreferences();
  const [centre, setCentre] = useState<Centre | null>(() => profileCentre(user, t`Your location`));
  const [text, setText] = useState('');
  const [radius, setRadius] = useState<number>(FINDER_RADIUS.default);
  const expand = radius < FINDER_RADIUS.max ? () => setRadius(expandedRadius(radius)) : undefined;

  return (
    <section aria-labelledby="finder-title">
      <PageHeader titleId="finder-title" title={t`Ride Finder`} description={t`Find groups and rides near you.`} />

      <Card className="mt-6 p-4 sm:p-6">
        <FinderPlaceField text={text} onTextChange={setText} onPick={setCentre} />
        <RadiusSlider radius={radius} units={units} onCommit={setRadius} />
        {centre ? <SearchedArea centre={centre} radius={radius} units={units} /> : null}
      </Card>

      {centre === null ? (
        <BigMessage icon={<Compass aria-hidden="true" />} title={t`Where do you ride?`} text={t`Use your current location or search for a place to find groups and rides nearby.`} />
      ) : (
        <FinderResultsTabs centre={centre} radius={radius} units={units} onExpand={expand} />
      )}
    </section>
  );
}

/** "Within 50 km of Bologna": what the results below are around. */
function SearchedArea({ centre, radius, units }: { centre: Centre; radius: number; units: PreferredUnits }) {
  const radiusText = radiusLabel(radius, units);
  const placeName = centre.name;
  return (
    <p className="mt-4 flex items-start gap-2 rounded-xl bg-asphalt-50 px-3 py-2.5 text-sm text-asphalt-700">
      <MapPin className="mt-0.5 size-4 shrink-0 text-ignition-600" aria-hidden="true" />
      <span className="min-w-0">
        <Trans>
          Within <strong className="font-bold text-asphalt-950">{radiusText}</strong> of <strong className="font-bold text-asphalt-950">{placeName}</strong>
        </Trans>
      </span>
    </p>
  );
}
