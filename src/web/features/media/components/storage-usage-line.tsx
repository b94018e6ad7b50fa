import { useLingui } from '@lingui/react/macro';
import { megabytes } from '../../../../shared/media/storage-usage';
import { useStorageUsage } from '../../../api/media';
import { formatLocale } from '../../../lib/i18n/i18n';

/** "12.5 MB of 1,000 MB used", with a thin bar: how much of their storage limit the rider's uploads take. */
export function StorageUsageLine({ userId }: { userId: string | undefined }) {
  const { t } = useLingui();
  const usage = useStorageUsage(userId);
  if (!usage.data) return null;
  // In the rider's numbers ("1.000" in Italian).
  const used = megabytes(usage.data.usedBytes, formatLocale());
  const limit = megabytes(usage.data.limitBytes, formatLocale());
  const share = usage.data.limitBytes > 0 ? Math.min(1, usage.data.usedBytes / usage.data.limitBytes) : 0;
  return (
    <div className="mt-3 flex max-w-sm items-center gap-3">
      <div aria-hidden="true" className="h-1.5 min-w-0 flex-1 overflow-hidden rounded-full bg-asphalt-100">
        <div className={share >= 0.9 ? 'h-full rounded-full bg-red-500' : 'h-full rounded-full bg-ignition-500'} style={{ width: `${Math.max(share * 100, share > 0 ? 2 : 0)}%` }} />
      </div>
      <p className="shrink-0 text-sm text-asphalt-600">{t`${used} MB of ${limit} MB used`}</p>
    </div>
  );
}
