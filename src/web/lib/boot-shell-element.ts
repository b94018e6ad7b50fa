/** The frame index.html paints before any script runs (its #boot-shell element), while it is on screen. */
export function bootShellElement(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById('boot-shell');
}
