import type { AppContext, LockPoint } from '../context';

/**
 * Holds the next request that reaches `point` (AppContext.beforeLock) between its read and its
 * locked transaction: `reached` resolves once it waits there, `release()` lets it go on. The
 * test runs whatever should happen in between (a removal, a promotion) while it waits. One
 * request is held; the seam is cleared when it is reached, so the test's own requests pass.
 */
export function pauseAt(ctx: AppContext, point: LockPoint): { reached: Promise<void>; release: () => void } {
  let arrived!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  ctx.beforeLock = async (at) => {
    if (at !== point) return;
    ctx.beforeLock = undefined;
    arrived();
    await released;
  };
  return { reached, release };
}
