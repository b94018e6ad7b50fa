import type { ComponentProps } from 'react';
import { Slider as SliderPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';

interface SliderProps extends ComponentProps<typeof SliderPrimitive.Root> {
  /** Accessible name of the thumb (the slider's role="slider" element). */
  thumbLabel?: string;
  /** Spoken value, e.g. "50 km". */
  thumbValueText?: string;
}

/** A one-thumb range slider (Radix Slider: arrow keys, Page Up/Down, Home/End). */
export function Slider({ className, thumbLabel, thumbValueText, ...props }: SliderProps) {
  return (
    <SliderPrimitive.Root
      className={cn('relative flex h-6 w-full touch-none items-center select-none data-[disabled]:opacity-50', className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-2 grow overflow-hidden rounded-full bg-asphalt-200">
        <SliderPrimitive.Range className="absolute h-full rounded-full bg-ignition-500" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={thumbLabel}
        aria-valuetext={thumbValueText}
        className="block size-6 rounded-full border-2 border-ignition-500 bg-white shadow-md shadow-asphalt-900/20 transition-transform hover:scale-110 focus-visible:outline-offset-2"
      />
    </SliderPrimitive.Root>
  );
}
