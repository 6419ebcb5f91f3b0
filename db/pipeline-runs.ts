import type { Knex } from 'knex';

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
