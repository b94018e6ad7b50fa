import type { ComponentProps } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { cn } from '../../lib/cn';
import { useLingui } from '@lingui/react';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'block h-11 w-full rounded-lg border border-asphalt-200 bg-white px-3 text-base text-asphalt-900 shadow-inner shadow-asphalt-900/[0.02] transition-colors placeholder:text-asphalt-400 hover:border-asphalt-300 focus-visible:border-ignition-500 focus-visible:outline-ignition-500/40 disabled:cursor-not-allowed disabled:bg-asphalt-50 disabled:text-asphalt-500 aria-invalid:border-red-500 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}

/** A field's caption; it names its control by id, so a screen reader announces one with the other. */
/** A field's label; `optional` adds "(optional)" after it, in a lighter weight. */
export function Label({ className, htmlFor, optional = false, children, ...props }: ComponentProps<'label'> & { htmlFor: string; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} className={cn('mb-1.5 block text-sm font-semibold text-asphalt-800', className)} {...props}>
      {children}
      {optional ? <> <Optional /></> : null}
    </label>
  );
}

/** "(optional)" after a field's name, in a lighter weight. */
export function Optional() {
  return (
    <span className="font-normal text-asphalt-500">
      <Trans>(optional)</Trans>
    </span>
  );
}

/** The rider's own e-mail address: the keyboard, autofill and placeholder every sign-in form uses. */
export function EmailInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const { i18n } = useLingui();
  // An example address a translation may make local ("tu@esempio.it").
  return <Input type="email" autoComplete="email" inputMode="email" placeholder={i18n._(msg`you@example.com`)} {...props} />;
}
