import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { fieldErrorText } from '../../lib/i18n/field-error';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { EmailInput, Input, Label } from './input';

/**
 * The message under a form control; role="alert" for errors so they are announced. An error given as
 * text is shown in the rider's language when a shared schema wrote it (fieldErrorText).
 */
export function FieldMessage({ id, children, tone = 'error', className }: { id?: string; children: ReactNode; tone?: 'error' | 'hint'; className?: string }) {
  const { i18n } = useLingui();
  if (!children) return null;
  return (
    <p
      id={id}
      role={tone === 'error' ? 'alert' : undefined}
      className={cn('mt-1.5 text-xs', tone === 'error' ? 'font-semibold text-red-700' : 'text-asphalt-500', className)}
    >
      {typeof children === 'string' ? fieldErrorText(i18n, children) : children}
    </p>
  );
}

export type TextFieldProps = Omit<ComponentProps<typeof Input>, 'id' | 'className'> & {
  id: string;
  label: ReactNode;
  /** Shown under the input (role="alert") and linked to it with aria-describedby. */
  error?: string;
  /** Classes for the wrapping div. */
  className?: string;
  /** Classes for the input itself. */
  inputClassName?: string;
  /** Classes for the label (a smaller one in a dense row). */
  labelClassName?: string;
};

/** Where a field's control points aria-describedby: its error when it has one, else its hint. */
export function describedByOf(id: string, error: unknown, hasHint = false): string | undefined {
  return error ? `${id}-error` : hasHint ? `${id}-hint` : undefined;
}

type FieldProps = {
  id: string;
  label: ReactNode;
  optional?: boolean;
  /** Said under the control (role="alert"); the control's aria-describedby names it (`describedByOf`). */
  error?: string;
  /** Said under the control while there is no error. */
  hint?: ReactNode;
  className?: string;
  labelClassName?: string;
  /** The control, with `id` as its id. */
  children: ReactNode;
};

/** One form field: its label, its control, then its error or else its hint, so forms don't repeat Label + control + FieldMessage. */
export function Field({ id, label, optional, error, hint, className, labelClassName, children }: FieldProps) {
  return (
    <div className={className}>
      <Label htmlFor={id} optional={optional} className={labelClassName}>
        {label}
      </Label>
      {children}
      {error ? (
        <FieldMessage id={`${id}-error`}>{error}</FieldMessage>
      ) : hint ? (
        <FieldMessage id={`${id}-hint`} tone="hint">
          {hint}
        </FieldMessage>
      ) : null}
    </div>
  );
}

/** A labelled text input whose error is wired for screen readers. */
export function TextField({ id, label, error, className, inputClassName, labelClassName, ...inputProps }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} className={className} labelClassName={labelClassName}>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedByOf(id, error)} className={inputClassName} {...inputProps} />
    </Field>
  );
}

type EmailAddressFieldProps = Omit<ComponentProps<typeof EmailInput>, 'id'> & {
  id: string;
  /** What is said under the input: a hint, an error (give it an id the input's aria-describedby names). */
  children?: ReactNode;
};

/** "Email Address" over the rider's e-mail input (named "email"), as every form that asks for one shows it. */
export function EmailAddressField({ id, children, ...inputProps }: EmailAddressFieldProps) {
  const { i18n } = useLingui();
  return (
    <div>
      <Label htmlFor={id}>{i18n._(msg`Email Address`)}</Label>
      <EmailInput id={id} name="email" {...inputProps} />
      {children}
    </div>
  );
}
