import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs housekeeping jobs on an interval. Jobs must be idempotent: with several app processes on
 * PostgreSQL each process runs them, and running one twice must do no harm.
 */
export function startScheduler(jobs: Array<{ name: string; everyMs: number; run: () => Promise<unknown> }>, log: FastifyBaseLogger): () => void {
  const timers = jobs.map((job) => {
    const tick = () => job.run().catch((error: unknown) => log.error({ err: error, job: job.name }, 'scheduled job failed'));
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    void tick();
    return timer;
  });
  return () => timers.forEach(clearInterval);
}
