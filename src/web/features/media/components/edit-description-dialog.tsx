import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MediaItem } from '../../../../shared/media/media-item';
import { DialogFormActions } from '../../../components/ui/dialog-form-actions';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { useUpdateMediaDescription } from '../../../api/media';

/** The edit-description dialog (spec 2 "Media Gallery"); a failure shows 'Update failed'. */
export function EditDescriptionDialog({ item, onOpenChange }: { item: MediaItem | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={onOpenChange}>
      <DialogContent>{item ? <EditDescriptionForm key={item.id} item={item} onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function EditDescriptionForm({ item, onDone }: { item: MediaItem; onDone: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState(item.description ?? '');
  const update = useUpdateMediaDescription();

  async function save() {
    try {
      await update.mutateAsync({ id: item.id, description: text });
    } catch (error) {
      toast({ title: t`Update failed`, description: errorMessageOf(error), variant: 'destructive' });
      return;
    }
    toast({ title: t`Description updated`, variant: 'success' });
    onDone();
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <DialogHeader>
        <DialogTitle>
          <Trans>Edit Description</Trans>
        </DialogTitle>
        <DialogDescription className="truncate" title={item.originalName}>{item.originalName}</DialogDescription>
      </DialogHeader>
      <Label htmlFor={id}>
        <Trans>Description</Trans>
      </Label>
      <Textarea id={id} value={text} maxLength={1000} onChange={(event) => setText(event.target.value)} placeholder={t`Add a description`} />
      <DialogFormActions submitting={update.isPending} submitLabel={t`Save`} submittingLabel={t`Saving...`} className="mt-6" />
    </form>
  );
}
