import { useId, useState } from 'react';
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
  const id = useId();
  const [text, setText] = useState(item.description ?? '');
  const update = useUpdateMediaDescription();

  async function save() {
    try {
      await update.mutateAsync({ id: item.id, description: text });
    } catch (error) {
      toast({ title: 'Update failed', description: errorMessageOf(error), variant: 'destructive' });
      return;
    }
    toast({ title: 'Description updated', variant: 'success' });
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
        <DialogTitle>Edit Description</DialogTitle>
        <DialogDescription className="truncate" title={item.originalName}>{item.originalName}</DialogDescription>
      </DialogHeader>
      <Label htmlFor={id}>Description</Label>
      <Textarea id={id} value={text} maxLength={1000} onChange={(event) => setText(event.target.value)} placeholder="Add a description" />
      <DialogFormActions submitting={update.isPending} submitLabel="Save" submittingLabel="Saving..." className="mt-6" />
    </form>
  );
}
