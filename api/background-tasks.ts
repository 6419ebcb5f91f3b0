import type { Logger } from '../logger.ts';

/** Work a request starts but does not wait for (a scrape); failures are logged, and tests or shutdown can await it. */
export interface BackgroundTasks {
  run(name: string, task: Promise<unknown>): void;
  settle(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const tracked = task.catch((error: unknown) => logger.error({ err: error, task: name }, 'background task failed')).finally(() => running.delete(tracked));
      running.add(tracked);
    },
    async settle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
