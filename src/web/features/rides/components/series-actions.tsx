import { useState } from 'react';
import { Link } from 'react-router';
import { CalendarX, Repeat, StopCircle } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ride } from '../../../../shared/rides/ride';
import { useEndSeries, useSkipRide } from '../../../api/rides';
import { serverMessageOf } from '../../../lib/api-client';
import { seriesPath } from '../../../lib/rides/ride-format';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { seriesLabelText } from '../../../../shared/series/series-label-text';

type Choice = 'skip' | 'end' | null;

/**
 * A ride of a series on its page (issue 29, point 6): "Every Sunday" linking the series, and for
 * whoever runs the ride, "Skip this date" (this ride is cancelled, its riders told) and "End
 * series" (its upcoming rides are cancelled when they have riders, who are told, or removed). "Edit
 * this ride" or "this and following" is chosen in the edit form.
 */
export function SeriesActions({ ride }: { ride: Ride & { series: NonNullable<Ride['series']> } }) {
  const { t, i18n } = useLingui();
  const [choice, setChoice] = useState<Choice>(null);
  const skip = useSkipRide();
  const end = useEndSeries();
  const pending = skip.isPending || end.isPending;

  async function confirm() {
    try {
      if (choice === 'skip') await skip.mutateAsync(ride.id);
      if (choice === 'end') await end.mutateAsync(ride.id);
      toast({ title: choice === 'skip' ? t`Date skipped` : t`Series ended`, description: t`Its riders were notified.`, variant: 'success' });
    } catch (error) {
      toast({ title: t`Error`, description: serverMessageOf(error) ?? t`Please try again later.`, variant: 'destructive' });
    }
    setChoice(null);
  }

  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <Link to={seriesPath(ride.series.id)} className="inline-flex items-center gap-1.5 text-sm font-semibold text-ignition-700 hover:underline">
        <Repeat className="size-4" aria-hidden="true" />
        {seriesLabelText(i18n, ride.series.rule)}
      </Link>
      {ride.abilities.edit ? (
        <>
          {ride.status === 'cancelled' ? null : (
            <Button variant="ghost" size="sm" onClick={() => setChoice('skip')}>
              <CalendarX aria-hidden="true" />
              <Trans>Skip this date</Trans>
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={() => setChoice('end')} className="text-red-700 hover:text-red-800">
            <StopCircle aria-hidden="true" />
            <Trans>End series</Trans>
          </Button>
        </>
      ) : null}
      <ConfirmDialog
        open={choice !== null}
        onOpenChange={(open) => (open ? undefined : setChoice(null))}
        title={choice === 'skip' ? t`Skip this date?` : t`End this series?`}
        description={
          choice === 'skip'
            ? t`This ride is cancelled and its riders are told. The other rides of the series stay.`
            : t`No ride of the series after today. Upcoming rides with riders are cancelled (they are told); empty ones are removed.`
        }
        confirmLabel={choice === 'skip' ? t`Skip this date` : t`End series`}
        pendingLabel={choice === 'skip' ? t`Skipping...` : t`Ending...`}
        pending={pending}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}
