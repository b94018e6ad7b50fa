import { useId, useState } from 'react';
import { Motorbike, Pencil, Plus, Trash2 } from 'lucide-react';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Motorcycle } from '../../../../shared/users/current-user';
import { completeMotorcycles, MOTORCYCLE_YEAR_MIN, motorcycleYearMax } from '../../../../shared/users/profile';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { serverMessageOf } from '../../../lib/api-client';
import { useUpdateMotorcycles } from '../../../api/users';
import { CardNote } from './card-note';

export interface MotorcycleRow {
  key: number;
  brand: string;
  model: string;
  year: string;
  color: string;
}

let nextRowKey = 1;

export function newRow(motorcycle?: Motorcycle, now = new Date()): MotorcycleRow {
  return {
    key: nextRowKey++,
    brand: motorcycle?.brand ?? '',
    model: motorcycle?.model ?? '',
    year: String(motorcycle?.year ?? now.getFullYear()),
    color: motorcycle?.color ?? '',
  };
}

export type RowsCheck = { ok: true; motorcycles: Motorcycle[] } | { ok: false; message: string; rowKeys: number[] };

/**
 * Spec 2 section 5: rows with an empty brand, model or colour are dropped; at least one full row is
 * needed; years run from 1900 to next year. Called when the rider saves, so its messages are in the
 * language of that moment.
 */
export function checkRows(rows: readonly MotorcycleRow[], now = new Date()): RowsCheck {
  const max = motorcycleYearMax(now);
  const kept = rows.filter((row) => row.brand.trim() && row.model.trim() && row.color.trim());
  const badYears = kept.filter((row) => {
    const year = Number(row.year);
    return row.year.trim() === '' || !Number.isInteger(year) || year < MOTORCYCLE_YEAR_MIN || year > max;
  });
  if (badYears.length > 0) {
    const min = MOTORCYCLE_YEAR_MIN;
    return { ok: false, message: i18n._(msg`Year must be between ${min} and ${max}.`), rowKeys: badYears.map((row) => row.key) };
  }
  const motorcycles = completeMotorcycles(kept.map((row) => ({ ...row, year: Number(row.year) })));
  // The words of MOTORCYCLES_REQUIRED_MESSAGE (shared/users/profile), the server's answer for the same rows.
  if (motorcycles.length === 0) return { ok: false, message: i18n._(msg`Please add at least one motorcycle with all fields filled.`), rowKeys: [] };
  return { ok: true, motorcycles };
}

interface MotorcyclesCardProps {
  accountId: string;
  motorcycles: Motorcycle[];
  canEdit: boolean;
}

/** The profile's Motorcycles: a list, and for the profile's own rider an editor of rows. */
export function MotorcyclesCard({ accountId, motorcycles, canEdit }: MotorcyclesCardProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  return (
    <Card aria-labelledby="motorcycles-title">
      <CardHeader
        titleId="motorcycles-title"
        icon={<Motorbike />}
        title={t`Motorcycles`}
        actions={
          canEdit && !editing ? (
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={motorcycles.length > 0 ? t`Edit motorcycles` : t`Add motorcycles`}>
              {motorcycles.length > 0 ? <Pencil aria-hidden="true" /> : <Plus aria-hidden="true" />}
              {motorcycles.length > 0 ? <Trans>Edit</Trans> : <Trans>Add</Trans>}
            </Button>
          ) : null
        }
      />
      <CardBody>
        {editing ? (
          <MotorcyclesEditor accountId={accountId} motorcycles={motorcycles} onDone={() => setEditing(false)} />
        ) : motorcycles.length === 0 ? (
          <CardNote><Trans>No motorcycles added yet.</Trans></CardNote>
        ) : (
          <ul className="grid grid-cols-1 gap-2.5 sm:grid-cols-2">
            {motorcycles.map((bike, index) => (
              <li key={`${bike.brand}-${bike.model}-${index}`} className="flex items-center gap-3 rounded-xl border border-asphalt-100 bg-asphalt-50/70 px-3.5 py-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-asphalt-900 text-ignition-400">
                  <Motorbike className="size-5" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-bold text-asphalt-950" title={`${bike.brand} ${bike.model}`}>
                    {bike.brand} {bike.model}
                  </span>
                  <span className="block truncate text-xs text-asphalt-600">
                    {bike.year} · {bike.color}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

interface MotorcyclesEditorProps {
  accountId: string;
  motorcycles: Motorcycle[];
  onDone: () => void;
}

export function MotorcyclesEditor({ accountId, motorcycles, onDone }: MotorcyclesEditorProps) {
  const { t } = useLingui();
  const ids = useId();
  const save = useUpdateMotorcycles(accountId);
  const [rows, setRows] = useState<MotorcycleRow[]>(() => (motorcycles.length > 0 ? motorcycles.map((m) => newRow(m)) : [newRow()]));
  const [problem, setProblem] = useState<{ message: string; rowKeys: number[] } | null>(null);
  const yearMax = motorcycleYearMax();

  function change(key: number, field: keyof Omit<MotorcycleRow, 'key'>, value: string) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  }

  function submit() {
    const checked = checkRows(rows);
    if (!checked.ok) {
      setProblem(checked);
      if (checked.rowKeys.length === 0) toast({ title: t`Update failed`, description: checked.message, variant: 'destructive' });
      return;
    }
    setProblem(null);
    save.mutate(checked.motorcycles, {
      onSuccess: () => {
        toast({ title: t`Motorcycles updated`, description: t`Your motorcycles have been saved.`, variant: 'success' });
        onDone();
      },
      onError: (error) =>
        toast({ title: t`Update failed`, description: serverMessageOf(error) ?? t`Failed to update motorcycles. Please try again.`, variant: 'destructive' }),
    });
  }

  return (
    <form
      noValidate
      aria-label={t`Edit motorcycles`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="space-y-3"
    >
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const rowId = `${ids}-${row.key}`;
          const number = index + 1;
          const yearInvalid = problem?.rowKeys.includes(row.key) ?? false;
          return (
            <li key={row.key} className="rounded-xl border border-asphalt-200 bg-asphalt-50/50 p-3" aria-label={t`Motorcycle ${number}`}>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_6.5rem_minmax(0,1fr)_auto] sm:items-end">
                <TextField id={`${rowId}-brand`} label={t`Brand`} labelClassName="text-xs" placeholder={t`Ducati`} value={row.brand} onChange={(e) => change(row.key, 'brand', e.target.value)} />
                <TextField id={`${rowId}-model`} label={t`Model`} labelClassName="text-xs" placeholder={t`Multistrada V4`} value={row.model} onChange={(e) => change(row.key, 'model', e.target.value)} />
                <TextField
                  id={`${rowId}-year`}
                  label={t`Year`}
                  labelClassName="text-xs"
                  type="number"
                  inputMode="numeric"
                  min={MOTORCYCLE_YEAR_MIN}
                  max={yearMax}
                  step={1}
                  value={row.year}
                  aria-invalid={yearInvalid || undefined}
                  onChange={(e) => change(row.key, 'year', e.target.value)}
                />
                <TextField id={`${rowId}-color`} label={t`Color`} labelClassName="text-xs" placeholder={t`Red`} value={row.color} onChange={(e) => change(row.key, 'color', e.target.value)} />
                <Button
                  variant="ghost"
                  size="icon"
                  className="col-span-2 w-full gap-1.5 text-red-700 hover:bg-red-50 hover:text-red-800 sm:col-span-1 sm:size-11"
                  aria-label={t`Remove motorcycle ${number}`}
                  disabled={rows.length <= 1 || save.isPending}
                  onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="sm:hidden">
                    <Trans>Remove</Trans>
                  </span>
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {problem ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {problem.message}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 pt-1 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="secondary" onClick={() => setRows((current) => [...current, newRow()])} disabled={save.isPending}>
          <Plus aria-hidden="true" />
          <Trans>Add Motorcycle</Trans>
        </Button>
        <div className="flex gap-2">
          <Button variant="ghost" className="flex-1 sm:flex-none" onClick={onDone} disabled={save.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" className="flex-1 sm:flex-none" disabled={save.isPending}>
            {save.isPending ? <Trans>Saving...</Trans> : <Trans>Save Motorcycles</Trans>}
          </Button>
        </div>
      </div>
    </form>
  );
}
