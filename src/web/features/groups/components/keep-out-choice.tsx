import { useId, useState } from 'react';
import { useQuestionAbout } from '../../../components/ui/use-question-about';
import { Checkbox } from '../../../components/ui/checkbox';

interface KeepOutChoiceProps {
  /** "Don't let them rejoin" (removing a member) or "Don't let them ask again" (declining a request). */
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** The tick box under a removal or a decline that also keeps the rider out (group_bans), with its one-line hint. */
export function KeepOutChoice({ label, hint, checked, disabled, onCheckedChange }: KeepOutChoiceProps) {
  const id = `${useId()}-ban`;
  return (
    <div className="mt-4 flex items-start gap-3 rounded-xl bg-asphalt-50 px-3 py-3">
      <Checkbox id={id} checked={checked} disabled={disabled} onCheckedChange={(value) => onCheckedChange(value === true)} aria-describedby={`${id}-hint`} />
      <div className="text-sm">
        <label htmlFor={id} className="font-semibold text-asphalt-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-asphalt-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** A removal or decline asked about one subject, with its keep-out tick box unticked each time it is asked. */
export function useKeepOutQuestion<T>() {
  const [ban, setBan] = useState(false);
  return { ...useQuestionAbout<T>(() => setBan(false)), ban, setBan };
}
