import type { Knex } from 'knex';

export interface PipelineRunRow {
  id: number;
  stage: string;
  status: 'running' | 'succeeded' | 'failed';
  startedAt: Date;
  finishedAt: Date | null;
  counts: Record<string, number>;
  tokensIn: number;
  tokensOut: number;
  error: string | null;
}

export async function startPipelineRun(db: Knex, stage: string): Promise<number> {
  const [row] = await db('pipeline_runs').insert({ stage, status: 'running' }).returning('id');
  return (row as { id: number }).id;
}

export async function finishPipelineRun(
  db: Knex,
  id: number,
  outcome: { status: 'succeeded' | 'failed'; counts: Record<string, number>; tokens: { input: number; output: number }; error?: string },
): Promise<void> {
  await db('pipeline_runs')
    .where({ id })
    .update({
      status: outcome.status,
      finishedAt: db.fn.now(),
      counts: JSON.stringify(outcome.counts),
      tokensIn: outcome.tokens.input,
      tokensOut: outcome.tokens.output,
      error: outcome.error ?? null,
    });
}

export async function findRecentRuns(db: Knex, stage: string, limit = 10): Promise<PipelineRunRow[]> {
  return db<PipelineRunRow>('pipeline_runs').where({ stage }).orderBy('id', 'desc').limit(limit);
}
