import type { ReactNode } from 'react';

/** A page's big message in a dashed panel: where to start, nothing found or nothing yet, or what failed; `children` are the ways on (buttons, links). */
export function BigMessage({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-asphalt-300 bg-white/60 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-ignition-50 text-ignition-700 [&_svg]:size-7">{icon}</span>
      <h2 className="mt-4 text-lg font-extrabold tracking-tight text-asphalt-950">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-asphalt-600">{text}</p>
      {children ? <div className="mt-5 flex flex-wrap justify-center gap-2">{children}</div> : null}
    </div>
  );
}
