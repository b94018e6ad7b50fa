import type { LucideIcon } from 'lucide-react';

const TONES = {
  success: 'bg-emerald-100 text-emerald-700',
  error: 'bg-red-100 text-red-700',
  warning: 'bg-ignition-100 text-ignition-700',
  question: 'bg-sky-100 text-sky-800',
};

/** The round icon over the outcome of a link page (sign-in link, invitation): its colour says how it went. */
export function StatusBadge({ tone, icon: Icon }: { tone: keyof typeof TONES; icon: LucideIcon }) {
  return (
    <div className={`mx-auto mb-4 flex size-14 items-center justify-center rounded-full ${TONES[tone]}`}>
      <Icon className="size-7" aria-hidden="true" />
    </div>
  );
}
