import { useId } from 'react';
import { LocateFixed } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LocationSearchInput } from '../../../components/location-search-input';
import { Button } from '../../../components/ui/button';
import { useCurrentUser } from '../../../api/users';
import { usePlaceSearchPlaceholder } from '../../../api/app-config';
import { nearPointOf } from '../../../api/geocoding';
import type { Centre } from './finder-centre';
import { useLocateMe } from './use-locate-me';

interface FinderPlaceFieldProps {
  text: string;
  onTextChange: (text: string) => void;
  /** A place picked from the suggestions, or the rider's current position (which empties the text). */
  onPick: (centre: Centre) => void;
}

/** Where to search around: a place typed and picked, or the rider's current position. */
export function FinderPlaceField({ text, onTextChange, onPick }: FinderPlaceFieldProps) {
  const { t } = useLingui();
  const searchId = useId();
  const { data: user } = useCurrentUser();
  const placeholder = usePlaceSearchPlaceholder();
  const { locating, locateMe } = useLocateMe((centre) => {
    onPick(centre);
    onTextChange('');
  });
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <div className="min-w-0 flex-1">
        <label htmlFor={searchId} className="mb-1.5 block text-sm font-semibold text-asphalt-800">
          <Trans>Search location</Trans>
        </label>
        <LocationSearchInput
          id={searchId}
          placeholder={placeholder}
          near={nearPointOf(user)}
          value={text}
          onTextChange={onTextChange}
          onSelect={(place) => onPick({ latitude: place.latitude, longitude: place.longitude, name: place.address })}
        />
      </div>
      <Button variant="dark" size="lg" onClick={() => void locateMe()} disabled={locating} className="h-11 md:w-auto">
        <LocateFixed aria-hidden="true" />
        {locating ? t`Locating...` : t`Use Current Location`}
      </Button>
    </div>
  );
}
