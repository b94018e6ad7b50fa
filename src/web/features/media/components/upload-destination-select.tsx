import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { myGroupsQueryOptions } from '../../../api/groups';
import { Label } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/select';
import type { UploadDestination } from '../../../components/media/use-upload-queue';
import { formatDate } from '../../../lib/format-date';
import { upcomingRidesQueryOptions } from '../../../api/rides';
import { recentRidesQueryOptions } from '../../../api/users';

interface Option {
  value: string;
  label: string;
}

const GALLERY = 'profile:';

export const destinationValue = (d: UploadDestination) => `${d.associatedType}:${d.associatedId ?? ''}`;

function destinationOf(value: string): UploadDestination {
  const [type, id] = value.split(':') as [UploadDestination['associatedType'], string];
  return type === 'profile' ? { associatedType: 'profile' } : { associatedType: type, associatedId: id };
}

/**
 * Where the gallery's upload goes: the rider's own gallery, one of their rides (the ones they rode
 * lately and the ones coming up: riders and group members add photos and videos to a ride) or one
 * of the groups they belong to. A native select: the phone's own picker, long names wrap there.
 */
export function UploadDestinationSelect({ userId, value, onChange, disabled }: { userId: string; value: UploadDestination; onChange: (next: UploadDestination) => void; disabled?: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const recent = useQuery(recentRidesQueryOptions(userId));
  const upcoming = useQuery(upcomingRidesQueryOptions());
  const groups = useQuery(myGroupsQueryOptions());
  const loading = recent.isPending || upcoming.isPending || groups.isPending;

  const rides = new Map<string, Option>();
  for (const ride of recent.data ?? []) rides.set(ride.id, { value: `ride:${ride.id}`, label: `${ride.name} · ${formatDate(ride.startTime)}` });
  for (const ride of upcoming.data ?? []) rides.set(ride.id, { value: `ride:${ride.id}`, label: `${ride.name} · ${formatDate(ride.startDate)}` });
  const groupOptions: Option[] = (groups.data ?? [])
    .filter((g) => g.membershipStatus !== 'pending' && g.membershipStatus !== 'none')
    .map((g) => ({ value: `group:${g.id}`, label: g.name }));

  return (
    <div className="mt-4">
      <Label htmlFor={id}>
        <Trans>Add to</Trans>
      </Label>
      <NativeSelect id={id} value={destinationValue(value)} disabled={disabled} onChange={(event) => onChange(destinationOf(event.target.value))} aria-describedby={loading ? `${id}-loading` : undefined}>
        <option value={GALLERY}>{t`My gallery`}</option>
        {rides.size > 0 ? (
          <optgroup label={t`Rides`}>
            {[...rides.values()].map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ) : null}
        {groupOptions.length > 0 ? (
          <optgroup label={t`Groups`}>
            {groupOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ) : null}
      </NativeSelect>
      {loading ? (
        <p id={`${id}-loading`} className="mt-1 text-xs text-asphalt-500">
          <Trans>Loading your rides and groups...</Trans>
        </p>
      ) : null}
    </div>
  );
}
