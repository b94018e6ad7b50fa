import { useLingui } from '@lingui/react';
import type { SeriesRuleInput } from '../../../shared/series/series-rule';
import { seriesLabelText } from '../../../shared/series/series-label-text';

/**
 * A series' repeat in the rider's language, for the ride card: loaded apart from the card (React.lazy)
 * because the card is part of the first load and few cards belong to a series.
 */
export default function SeriesRepeatText({ rule }: { rule: SeriesRuleInput }) {
  const { i18n } = useLingui();
  return <>{seriesLabelText(i18n, rule)}</>;
}
