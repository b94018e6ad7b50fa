import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { canLocate, currentPosition, geolocationErrorMessage } from '../../../components/select-location-dialog';
import { toast } from '../../../components/ui/toast';
import { nameOfPosition } from '../../../api/geocoding';
import type { Centre } from './finder-centre';

/** "Use Current Location": the browser's position, named by the geocoder, handed to `onLocated`; a toast when it fails. */
export function useLocateMe(onLocated: (centre: Centre) => void) {
  const { t } = useLingui();
  const [locating, setLocating] = useState(false);

  async function locateMe() {
    if (!canLocate()) return;
    setLocating(true);
    try {
      const { coords } = await currentPosition();
      const name = await nameOfPosition(coords.latitude, coords.longitude);
      onLocated({ latitude: coords.latitude, longitude: coords.longitude, name });
    } catch (error) {
      const code = (error as GeolocationPositionError | undefined)?.code;
      toast({
        title: code === 1 ? t`Location access denied` : t`Location error`,
        description: geolocationErrorMessage({ code: code ?? 0 }),
        variant: 'destructive',
      });
    } finally {
      setLocating(false);
    }
  }

  return { locating, locateMe };
}
