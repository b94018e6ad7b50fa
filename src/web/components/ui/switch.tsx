import { Switch as SwitchPrimitive } from 'radix-ui';
import { withClasses } from './with-classes';

/** An on/off toggle (Radix Switch: role="switch", Space and Enter toggle it). */
export const Switch = withClasses(
  SwitchPrimitive.Root,
  'peer inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-ignition-500 data-[state=unchecked]:bg-asphalt-200',
  <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-md ring-0 transition-transform data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5 data-[state=unchecked]:translate-x-0" />,
);
