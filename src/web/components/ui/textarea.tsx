import { withClasses } from './with-classes';

export const Textarea = withClasses(
  'textarea',
  'block min-h-24 w-full rounded-lg border border-asphalt-200 bg-white px-3 py-2.5 text-base text-asphalt-900 shadow-inner shadow-asphalt-900/[0.02] transition-colors placeholder:text-asphalt-400 hover:border-asphalt-300 focus-visible:border-ignition-500 focus-visible:outline-ignition-500/40 disabled:cursor-not-allowed disabled:bg-asphalt-50 aria-invalid:border-red-500 sm:text-sm',
);
