import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '../../lib/cn';
import { OFFLINE_REASON_ID, useOnline } from '../../lib/online';

const variants = {
  primary:
    'bg-ignition-500 text-asphalt-950 shadow-sm shadow-ignition-900/20 hover:bg-ignition-400 active:bg-ignition-600 disabled:bg-ignition-200 disabled:text-asphalt-500',
  secondary:
    'border border-asphalt-200 bg-white text-asphalt-900 shadow-sm hover:border-asphalt-300 hover:bg-asphalt-50 disabled:text-asphalt-400',
  dark: 'bg-asphalt-900 text-white hover:bg-asphalt-800 active:bg-asphalt-950 disabled:bg-asphalt-400',
  ghost: 'text-asphalt-700 hover:bg-asphalt-100 hover:text-asphalt-900 disabled:text-asphalt-400',
  destructive: 'bg-red-600 text-white hover:bg-red-500 active:bg-red-700 disabled:bg-red-300',
  link: 'text-ignition-700 underline-offset-4 hover:underline disabled:text-asphalt-400',
} as const;

// Heights are minimums: a label longer than the button's widest (a phone's whole width) wraps onto
// a second line inside it rather than running past its edge ("Déconnecter les autres appareils"
// ran 21 px out of a full-width button at 320 px). On one line the height is the same as before.
const sizes = {
  sm: 'min-h-8 gap-1.5 rounded-lg px-3 py-1 text-sm',
  md: 'min-h-10 gap-2 rounded-lg px-4 py-2 text-sm',
  lg: 'min-h-12 gap-2 rounded-xl px-5 py-2.5 text-base',
  icon: 'size-10 rounded-lg',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (a link, say) with the button's look. */
  asChild?: boolean;
  /**
   * An action the server must answer (Join, Save, Post...): disabled offline, described by the offline
   * banner's reason. A submit button is one unless told otherwise.
   */
  needsServer?: boolean;
}

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return cn(
    'inline-flex max-w-full shrink-0 items-center justify-center text-center font-semibold text-balance transition-colors select-none disabled:cursor-not-allowed [&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    className,
  );
}

/** An icon button on the dark header of the phone's shell or of a full-screen view (menu, close, the bell). */
export const DARK_ICON_BUTTON_CLASSES = 'inline-flex size-10 items-center justify-center rounded-lg text-asphalt-200 transition-colors hover:bg-white/10 hover:text-white';

export function Button({ variant = 'primary', size = 'md', asChild = false, className, type, needsServer = type === 'submit', ...props }: ButtonProps) {
  const online = useOnline();
  if (asChild) {
    return <Slot.Root className={buttonClasses(variant, size, className)} {...props} />;
  }
  const offline = needsServer && !online;
  return (
    <button
      type={type ?? 'button'}
      className={buttonClasses(variant, size, className)}
      {...props}
      {...(offline && { disabled: true, 'aria-describedby': OFFLINE_REASON_ID })}
    />
  );
}
