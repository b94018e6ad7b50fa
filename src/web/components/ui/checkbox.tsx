import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { Check } from 'lucide-react';
import { withClasses } from './with-classes';

/** A square tick box (Radix Checkbox: role="checkbox", Space toggles it). Pair it with a <label htmlFor>. */
export const Checkbox = withClasses(
  CheckboxPrimitive.Root,
  'peer inline-flex size-5 shrink-0 items-center justify-center rounded-md border-2 border-asphalt-300 bg-white transition-colors hover:border-asphalt-400 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:border-ignition-500 data-[state=checked]:bg-ignition-500',
  <CheckboxPrimitive.Indicator className="text-asphalt-950">
    <Check className="size-3.5" strokeWidth={3.5} aria-hidden="true" />
  </CheckboxPrimitive.Indicator>,
);
