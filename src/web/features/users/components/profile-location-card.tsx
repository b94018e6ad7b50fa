import { useState } from 'react';
import { MapPin, Pencil } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicProfile } from '../../../../shared/users/profile';
import { StaticMap } from '../../../components/map/static-map';
import { SelectLocationDialog } from '../../../components/select-location-dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { serverMessageOf } from '../../../lib/api-client';
import { useUpdateLocation } from '../../../api/users';
import { CardNote } from './card-note';

/** The profile's Location: the place name and a small map; its own rider changes it with the Select Location dialog. */
export function ProfileLocationCard({ profile }: { profile: PublicProfile }) {
  const { t } = useLingui();
  const [dialogOpen, setDialogOpen] = useState(false);
  const update = useUpdateLocation(profile.id);
  const canEdit = profile.abilities.edit;
  const hasCoordinates = profile.latitude !== null && profile.longitude !== null;
  const place = profile.location;

  return (
    <Card aria-labelledby="location-title" className="overflow-hidden">
      <CardHeader
        titleId="location-title"
        icon={<MapPin />}
        title={t`Location`}
        actions={
          canEdit ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setDialogOpen(true)}
              disabled={update.isPending}
              aria-label={update.isPending ? t`Saving location` : profile.location ? t`Change location` : t`Set location`}
            >
              <Pencil aria-hidden="true" />
              {update.isPending ? <Trans>Saving...</Trans> : profile.location ? <Trans>Change</Trans> : <Trans>Set</Trans>}
            </Button>
          ) : null
        }
      />
      <CardBody>
        {profile.location ? (
          <p className="text-sm font-semibold text-asphalt-900">{profile.location}</p>
        ) : (
          <CardNote><Trans>No location set.</Trans></CardNote>
        )}
        {hasCoordinates ? (
          <StaticMap
            latitude={profile.latitude!}
            longitude={profile.longitude!}
            label={place ? t`Map of ${place}` : t`Map of the rider’s location`}
            className="mt-3 h-44 w-full rounded-xl border border-asphalt-200"
          />
        ) : null}
      </CardBody>
      {canEdit ? (
        <SelectLocationDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          onSelect={(place) =>
            update.mutate(
              { location: place.address, latitude: place.latitude, longitude: place.longitude },
              {
                onSuccess: () => toast({ title: t`Location updated`, description: t`Your location has been saved.`, variant: 'success' }),
                onError: (error) =>
                  toast({ title: t`Location update failed`, description: serverMessageOf(error) ?? t`Please try again.`, variant: 'destructive' }),
              },
            )
          }
        />
      ) : null}
    </Card>
  );
}
