import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PreferredUnits } from '../../../../shared/users/current-user';
import { Slider } from '../../../components/ui/slider';
import { FINDER_RADIUS, radiusLabel, radiusNumber } from './finder-radius';

interface RadiusSliderProps {
  radius: number;
  units: PreferredUnits;
  /** The radius the rider let go at: the search changes only then, not while sliding. */
  onCommit: (radius: number) => void;
}

/** The search radius, shown in the rider's units while it slides. */
export function RadiusSlider({ radius, units, onCommit }: RadiusSliderProps) {
  const { t } = useLingui();
  const [sliding, setSliding] = useState<number | null>(null);
  const shownRadius = sliding ?? radius;
  return (
    <div className="mt-5">
      <div className="mb-2 flex items-center justify-between gap-3">
        <span className="text-sm font-semibold text-asphalt-800">
          <Trans>Search radius</Trans>
        </span>
        <span className="text-sm font-bold text-asphalt-950 tabular-nums">{radiusLabel(shownRadius, units)}</span>
      </div>
      <Slider
        min={FINDER_RADIUS.min}
        max={FINDER_RADIUS.max}
        step={FINDER_RADIUS.step}
        value={[shownRadius]}
        onValueChange={([value]) => setSliding(value ?? radius)}
        onValueCommit={([value]) => {
          setSliding(null);
          if (value !== undefined) onCommit(value);
        }}
        thumbLabel={t`Search radius`}
        thumbValueText={`${radiusNumber(shownRadius)} km`}
      />
      <div className="mt-1 flex justify-between text-xs text-asphalt-500 tabular-nums" aria-hidden="true">
        <span>{radiusNumber(FINDER_RADIUS.min)} km</span>
        <span>{radiusNumber(FINDER_RADIUS.max)} km</span>
      </div>
    </div>
  );
}
