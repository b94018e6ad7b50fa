import type { ReactNode } from 'react';
import { Clock, MapPin, Route, ShieldCheck, Users } from 'lucide-react';
import type { Group } from '../../../../shared/groups/group';
import { Badge } from '../../../components/ui/badge';
import { GroupImage } from '../../../components/groups/group-image';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGroupText } from './group-text';

/**
 * The group page's header (spec 2 section 2): image, name, an Owner badge for the creator or a
 * Member badge for other members, description, member count, location and ride count.
 */
export function GroupHeader({ group, actions }: { group: Group; actions?: ReactNode }) {
  const { t } = useLingui();
  const { membersText, radiusText, ridesText } = useGroupText();
  return (
    <header className="overflow-hidden rounded-2xl border border-asphalt-200/80 bg-white shadow-sm shadow-asphalt-900/[0.03]">
      <div aria-hidden="true" className="relative h-16 bg-asphalt-900 sm:h-24">
        <div className="absolute inset-x-0 top-1/2 h-[3px] -translate-y-1/2 bg-[repeating-linear-gradient(90deg,var(--color-ignition-500)_0_22px,transparent_22px_40px)] opacity-50" />
        <div className="absolute inset-0 bg-[radial-gradient(circle_at_85%_-20%,rgb(249_134_18/0.35),transparent_55%)]" />
      </div>
      <div className="relative flow-root px-4 pb-5 sm:px-6 sm:pb-6">
        <GroupImage
          name={group.name}
          imageUrl={group.groupImageUrl}
          className="relative -mt-10 size-20 rounded-2xl text-2xl ring-4 ring-white sm:-mt-12 sm:size-24 sm:text-3xl"
        />
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <h1 className="max-w-full min-w-0 text-2xl font-black tracking-tight break-words text-asphalt-950 sm:text-3xl">{group.name}</h1>
          <div className="flex flex-wrap gap-1.5">
            {group.membershipStatus === 'owner' ? <Badge variant="accent"><Trans>Owner</Trans></Badge> : null}
            {group.membershipStatus === 'co_organizer' ? <Badge variant="success"><Trans>Co-organizer</Trans></Badge> : null}
            {group.membershipStatus === 'member' ? <Badge variant="neutral"><Trans>Member</Trans></Badge> : null}
            {group.isActive ? <Badge variant="success"><Trans>Active</Trans></Badge> : null}
          </div>
        </div>
        {group.description ? (
          <p className="mt-2 max-w-3xl text-sm leading-6 whitespace-pre-line text-asphalt-700 sm:text-base sm:leading-7">
            {group.description}
          </p>
        ) : null}
        <dl className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-asphalt-600">
          <Stat icon={<Users aria-hidden="true" />} label={t`Members`}>
            {membersText(group.memberCount)}
          </Stat>
          <Stat icon={<MapPin aria-hidden="true" />} label={t`Location`}>
            <span className="text-asphalt-800">{group.location}</span>
            <span className="text-asphalt-500"> · </span>
            <span className="whitespace-nowrap">{radiusText(group.radiusKm)}</span>
          </Stat>
          <Stat icon={<Route aria-hidden="true" />} label={t`Rides`}>
            {ridesText(group.rideCount)}
          </Stat>
          <Stat icon={<Clock aria-hidden="true" />} label={t`Time zone`}>
            {group.timezoneOffset} · {group.timezoneName}
          </Stat>
          {group.membershipApprovalRequired ? (
            <Stat icon={<ShieldCheck aria-hidden="true" />} label={t`Membership`}>
              <Trans>Approval required</Trans>
            </Stat>
          ) : null}
        </dl>
        {/* Phones: a row under the details. Wider screens: beside the image, top right. */}
        {actions ? (
          <div className="mt-5 flex flex-wrap items-center gap-2 sm:absolute sm:top-3 sm:end-6 sm:mt-0 [&>button:not([aria-haspopup])]:flex-1 sm:[&>button:not([aria-haspopup])]:flex-none">
            {actions}
          </div>
        ) : null}
      </div>
    </header>
  );
}

function Stat({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-1.5">
      <dt className="sr-only">{label}</dt>
      {/* Only dt and dd may sit in a definition list's group: the icon goes inside the dd. */}
      <dd className="flex min-w-0 items-start gap-1.5">
        <span className="mt-0.5 shrink-0 text-asphalt-400 [&_svg]:size-4">{icon}</span>
        <span className="min-w-0">{children}</span>
      </dd>
    </div>
  );
}
