import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { SpinnerSuspense } from '../ui/spinner';
import { lazyPart } from '../lazy-part';
import type { FixedGroup, RideFromPoll } from './ride-form/create-ride-form';

export type { FixedGroup, RideFromPoll } from './ride-form/create-ride-form';

// The form (react-hook-form, zod, calendars, place search) loads when the dialog first opens.
const CreateRideForm = lazyPart(() => import('./ride-form/create-ride-form'));

export interface CreateRideDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Plan a ride in this group (group page); without it the rider picks one of their groups. */
  fixedGroup?: FixedGroup;
  /** "Plan this ride" on a closed poll: the form starts filled from it. */
  fromPoll?: RideFromPoll;
}

/**
 * The Create Ride dialog (spec 2 sections 2, 4, 5 and 8). Creating closes it, resets the form and
 * says "Ride created"; closing it otherwise drops what was typed.
 */
export function CreateRideDialog({ open, onOpenChange, fixedGroup, fromPoll }: CreateRideDialogProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  function description() {
    if (fromPoll) {
      const pollTitle = fromPoll.title;
      return t`Planned from the poll “${pollTitle}”.`;
    }
    if (fixedGroup) {
      const groupName = fixedGroup.name;
      return t`Plan a ride for ${groupName}.`;
    }
    return t`Plan a ride for one of your groups.`;
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        onOpenChange(next);
      }}
    >
      <DialogContent
        size="lg"
        // The form loads after the dialog opens: start on the dialog itself, the form then focuses its first field.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement).focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>
            <Trans>Create Ride</Trans>
          </DialogTitle>
          <DialogDescription>{description()}</DialogDescription>
        </DialogHeader>
        {open ? (
          <SpinnerSuspense label={t`Loading form`} className="h-64">
            <CreateRideForm fixedGroup={fixedGroup} fromPoll={fromPoll} onBusyChange={setBusy} onCreated={() => onOpenChange(false)} />
          </SpinnerSuspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The query that opens the dialog (spec 2 section 2: /groups?action=create-ride). */
export const CREATE_RIDE_ACTION = 'create-ride';

/**
 * Opens the Create Ride dialog while the address carries ?action=create-ride, and removes the
 * parameter when it closes. Mount it once on a page (My Groups, the dashboard).
 */
export function CreateRideFromUrl() {
  const [params, setParams] = useSearchParams();
  const open = params.get('action') === CREATE_RIDE_ACTION;
  return (
    <CreateRideDialog
      open={open}
      onOpenChange={(next) =>
        setParams(
          (current) => {
            const updated = new URLSearchParams(current);
            if (next) updated.set('action', CREATE_RIDE_ACTION);
            else updated.delete('action');
            return updated;
          },
          { replace: !next },
        )
      }
    />
  );
}
