/**
 * Runs `run` once the browser has painted its next frame: a requestAnimationFrame callback comes
 * just before that paint, and a task queued from it runs just after. Returns a cancel. (The HTML's
 * own `public/after-paint.js` does the same before any module can load.)
 */
export function afterNextPaint(run: () => void): () => void {
  let afterFrame: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    afterFrame = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(afterFrame);
  };
}
