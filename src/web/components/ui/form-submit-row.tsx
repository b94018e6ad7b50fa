import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { Button } from './button';

interface FormSubmitRowProps {
  pending: boolean;
  label: string;
  pendingLabel?: string;
  /** Drawn before the label. */
  icon?: ReactNode;
  size?: 'md' | 'lg';
}

/** The submit button at the foot of a form on a page (a dialog's has DialogFormActions): aligned to the end under a rule, full width on phones. */
export function FormSubmitRow({ pending, label, pendingLabel, icon, size }: FormSubmitRowProps) {
  const { i18n } = useLingui();
  return (
    <div className="flex justify-end border-t border-asphalt-100 pt-5">
      <Button type="submit" size={size} disabled={pending} className="w-full sm:w-auto">
        {icon}
        {pending ? (pendingLabel ?? i18n._(msg`Saving...`)) : label}
      </Button>
    </div>
  );
}
