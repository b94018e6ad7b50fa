import { BellRing } from 'lucide-react';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { DevicePushSwitch } from '../../../components/users/device-push';

/** Preferences: web push on this browser (issue 30, points 8 and 9). */
export function DevicePushCard() {
  return (
    <Card aria-labelledby="device-push-title">
      <CardHeader titleId="device-push-title" icon={<BellRing />} title="Notifications" description="Hear of your rides on this phone or computer." />
      <CardBody>
        <DevicePushSwitch />
      </CardBody>
    </Card>
  );
}
