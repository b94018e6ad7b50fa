import { useId } from 'react';
import { cn } from '../lib/cn';

/** The mark: a winding road with its centre line, on an ignition-orange tile. */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-9 shrink-0', className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffb95f" />
          <stop offset="1" stopColor="#e06a06" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path d="M7 28c0-7 4-9 9-11s8-5 8-12" fill="none" stroke="#17191e" strokeWidth="6" strokeLinecap="round" />
      <path
        d="M7 28c0-7 4-9 9-11s8-5 8-12"
        fill="none"
        stroke="#fff"
        strokeWidth="1.4"
        strokeLinecap="round"
        strokeDasharray="2.2 2.6"
      />
    </svg>
  );
}

/** Mark plus the product name (from /api/app-config). */
export function Logo({ appName, className }: { appName: string; className?: string }) {
  return (
    <span className={cn('flex min-w-0 items-center gap-2.5', className)}>
      <LogoMark />
      <span className="truncate text-lg font-black tracking-tight text-white">{appName}</span>
    </span>
  );
}
