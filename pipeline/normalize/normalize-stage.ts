import type { Stage } from '../stage-runner.ts';
import type { NormalizeCounts } from './normalize-batch.ts';
import { normalizePublications } from './normalize-publications.ts';

export interface NormalizeStageOptions {
  all?: boolean;
}

export const normalizeStage: Stage<NormalizeStageOptions, NormalizeCounts> = {
  id: 'pipeline.normalize',
  async run(ctx, options) {
    let reported = { publications: 0, created: 0, updated: 0, unchanged: 0, quarantined: 0 };
    const counts = await normalizePublications(ctx.db, {
      all: options.all,
      signal: ctx.signal,
      onBatch: (total) => {
        for (const key of Object.keys(total) as Array<keyof NormalizeCounts>) ctx.count(key, total[key] - reported[key]);
        reported = { ...total };
        ctx.progress({ done: total.publications + total.quarantined, message: `${total.created} new, ${total.updated} updated` });
      },
    });
    return counts;
  },
};
