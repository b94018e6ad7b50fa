import type { ReactNode } from 'react';

/** A profile card's quiet line in place of what it has none of yet ("No bio yet.", "No media yet."). */
export function CardNote({ children }: { children: ReactNode }) {
  return <p className="text-sm text-asphalt-500">{children}</p>;
}
