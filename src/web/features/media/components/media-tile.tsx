import { Link } from 'react-router';
import { ExternalLink, MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import type { MediaItem } from '../../../../shared/media/media-item';
import { fileSize } from '../../../lib/format';
import { MediaPreview } from '../../../components/media/media-preview';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { MenuActions } from '../../../components/ui/menu-actions';
import type { PreferredUnits } from '../../../../shared/users/current-user';
import { formatDate as formatShortDate } from '../../../lib/format-date';
import { belongsToLabel } from './media-filters';

interface MediaTileProps {
  item: MediaItem;
  units: PreferredUnits;
  onView: (item: MediaItem) => void;
  onEdit: (item: MediaItem) => void;
  onDelete: (item: MediaItem) => void;
}

/** The ride or group the item belongs to, linked, or "Profile" for a rider's own uploads. */
function BelongsTo({ item }: { item: MediaItem }) {
  const { i18n } = useLingui();
  const { text, href } = belongsToLabel(item, i18n);
  const className = 'mt-1 block truncate text-xs font-semibold';
  return href ? (
    <Link to={href} title={text} className={`${className} text-ignition-700 hover:underline`}>
      {text}
    </Link>
  ) : (
    <p title={text} className={`${className} text-asphalt-600`}>
      {text}
    </p>
  );
}

/** One item of the gallery grid: its preview (opens full size), name, size, date and menu. */
export function MediaTile({ item, units, onView, onEdit, onDelete }: MediaTileProps) {
  const { t } = useLingui();
  const fileName = item.originalName;
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-asphalt-200/80 bg-white shadow-sm shadow-asphalt-900/[0.03]" aria-label={item.originalName}>
      <button
        type="button"
        onClick={() => onView(item)}
        className="relative flex aspect-[4/3] items-center justify-center overflow-hidden bg-asphalt-100 focus-visible:outline-offset-[-3px]"
      >
        {/* A hidden prefix, not aria-label: the name keeps the label the tile shows (WCAG 2.5.3). */}
        <span className="sr-only">{t`View ${fileName} full size:`} </span>
        <MediaPreview item={item} units={units} />
      </button>
      <div className="flex items-start gap-2 px-3.5 pt-3 pb-3.5">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-bold text-asphalt-900" title={item.originalName}>
            {item.originalName}
          </p>
          <p className="mt-0.5 text-xs text-asphalt-500 tabular-nums">
            {fileSize(item.size)} · {formatShortDate(item.createdAt)}
          </p>
          <BelongsTo item={item} />
          {item.description ? <p className="mt-1.5 line-clamp-2 text-sm text-asphalt-700">{item.description}</p> : null}
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger
            aria-label={t`Actions for ${fileName}`}
            className="-me-1.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-asphalt-500 transition-colors hover:bg-asphalt-100 hover:text-asphalt-900 data-[state=open]:bg-asphalt-100"
          >
            <MoreVertical className="size-4" aria-hidden="true" />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <MenuActions
              actions={[
                { key: 'view', label: t`View Full Size`, icon: ExternalLink, select: () => onView(item) },
                { key: 'edit', label: t`Edit Description`, icon: Pencil, shown: item.abilities.edit, select: () => onEdit(item) },
              ]}
              danger={{ key: 'delete', label: t`Delete`, icon: Trash2, shown: item.abilities.delete, select: () => onDelete(item) }}
            />
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </article>
  );
}
