import type { PageScore, ProjectPageItem } from '../../db/project-listing.ts';

/**
 * The list page as JSON text: each project's JSON from Postgres (shared by every user) with the user's
 * `matchScore` (null without a score) and `matchCount` added as its last two keys, as `presentProject` has them.
 */
export function projectPageJson(items: readonly ProjectPageItem[], scores: readonly PageScore[]): string {
  const byProject = new Map(scores.map((score) => [score.projectId, score]));
  const parts = items.map((item) => {
    const score = byProject.get(item.id);
    return `${item.json.slice(0, -1)}, "matchScore" : ${score?.matchScore ?? 'null'}, "matchCount" : ${score?.matchCount ?? 0}}`;
  });
  return `[${parts.join(', ')}]`;
}
