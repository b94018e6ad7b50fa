import { Link, useParams } from 'react-router';
import { ArrowLeft, Repeat, SearchX, Users } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useJoinSeries, useLeaveSeries, useSeries } from '../../../api/rides';
import { errorCodeOf, serverMessageOf } from '../../../lib/api-client';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { PageMessage } from '../../../components/ui/page-message';
import { PanelError } from '../../../components/ui/list-states';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { formatDay } from '../../../lib/rides/ride-format';
import { seriesLabelText } from '../../../../shared/series/series-label-text';

/** The rides of a series are addressed by id here: the series answer carries no group slug. */
const rideHref = (id: string) => `/rides/${encodeURIComponent(id)}`;

/**
 * A series' page (issue 29): "Every Sunday", its upcoming rides (each its own ride, cancelled ones
 * struck through), and "Ride every one" (a seat on each, or its waitlist when full, and on each
 * ride made later).
 */
export function SeriesPage() {
  const { t, i18n } = useLingui();
  const { seriesId = '' } = useParams();
  const series = useSeries(seriesId);
  const join = useJoinSeries();
  const leave = useLeaveSeries();

  if (series.isPending) return <SkeletonLines label={t`Loading series`} className="space-y-4" lines={['h-10 w-1/2', 'h-64 rounded-2xl']} />;
  if (series.isLoadingError) {
    return errorCodeOf(series.error) === 'series_not_found' ? (
      <PageMessage icon={SearchX} iconShape="square" title={t`Series not found`} text={t`This series may have ended and been removed, or the link is wrong.`} />
    ) : (
      <PanelError title={t`Couldn't load this series`} onRetry={() => void series.refetch()} />
    );
  }
  const s = series.data;
  const { startTime, timezone } = s;

  async function toggle() {
    try {
      if (s.ridesEverySeries) await leave.mutateAsync(s.id);
      else await join.mutateAsync(s.id);
    } catch (error) {
      toast({ title: t`Error`, description: serverMessageOf(error) ?? t`Please try again later.`, variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby="series-title" className="mx-auto max-w-2xl">
      <Link to="/upcoming" className="inline-flex items-center gap-1.5 text-sm font-semibold text-asphalt-600 hover:text-asphalt-950">
        <ArrowLeft className="size-4" aria-hidden="true" />
        <Trans>Back to Upcoming Rides</Trans>
      </Link>
      <div className="mt-4 flex flex-wrap items-center gap-1.5">
        <Badge variant="accent">{seriesLabelText(i18n, s.rule)}</Badge>
        {s.ended ? (
          <Badge>
            <Trans>Ended</Trans>
          </Badge>
        ) : null}
      </div>
      <h1 id="series-title" className="mt-2 text-3xl font-black tracking-tight break-words text-asphalt-950">
        {s.name}
      </h1>
      <p className="mt-1.5 text-base text-asphalt-600">
        <Trans>
          At {startTime} ({timezone})
        </Trans>
      </p>
      <p className="mt-1 flex items-start gap-1.5 text-sm text-asphalt-600">
        <Users className="mt-0.5 size-4 shrink-0 text-asphalt-400" aria-hidden="true" />
        <Link to={`/groups/${encodeURIComponent(s.group.slug)}`} className="min-w-0 font-semibold break-words text-ignition-700 hover:underline">
          {s.group.name}
        </Link>
      </p>
      {s.ended ? null : (
        <Button className="mt-4" variant={s.ridesEverySeries ? 'secondary' : 'primary'} disabled={join.isPending || leave.isPending} onClick={() => void toggle()}>
          <Repeat aria-hidden="true" />
          {s.ridesEverySeries ? t`Stop riding every one` : t`Ride every one`}
        </Button>
      )}
      <Card className="mt-6" aria-labelledby="series-rides-title">
        <CardHeader titleId="series-rides-title" title={t`Upcoming rides`} />
        <CardBody>
          {s.upcoming.length === 0 ? (
            <p className="text-sm text-asphalt-600">
              <Trans>No upcoming rides.</Trans>
            </p>
          ) : (
            <ul className="divide-y divide-asphalt-100">
              {s.upcoming.map((ride) => (
                <li key={ride.id} className="flex items-center justify-between gap-3 py-2.5">
                  <Link to={rideHref(ride.id)} className={ride.status === 'cancelled' ? 'text-asphalt-500 line-through' : 'font-semibold text-asphalt-950 hover:underline'}>
                    {formatDay(ride.day)}
                  </Link>
                  {ride.status === 'cancelled' ? (
                    <Badge>
                      <Trans>Cancelled</Trans>
                    </Badge>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </section>
  );
}
