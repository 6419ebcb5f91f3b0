import type { PageScore, ProjectPageItem } from '../../db/project-listing.ts';

/** A page of the list as it is kept: each project's JSON object as bytes, without its closing brace. */
export interface PreparedProjectPage {
  ids: number[];
  heads: Buffer[];
}

export function prepareProjectPage(items: readonly ProjectPageItem[]): PreparedProjectPage {
  return { ids: items.map((item) => item.id), heads: items.map((item) => Buffer.from(item.json.slice(0, -1))) };
}

const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');
const SEPARATOR = Buffer.from(', ');

/**
 * The list page as JSON bytes: each project's JSON from Postgres (shared by every user) with the user's
 * `matchScore` (null without a score) and `matchCount` added as its last two keys, as `presentProject` has them.
 * Bytes, not text: the shared part is encoded once, not for every answer.
 */
export function projectPageJson(page: PreparedProjectPage, scores: readonly PageScore[]): Buffer {
  const byProject = new Map(scores.map((score) => [score.projectId, score]));
  const parts: Buffer[] = [OPEN];
  page.ids.forEach((id, index) => {
    const score = byProject.get(id);
    if (index > 0) parts.push(SEPARATOR);
    parts.push(page.heads[index]!, Buffer.from(`, "matchScore" : ${score?.matchScore ?? 'null'}, "matchCount" : ${score?.matchCount ?? 0}}`));
  });
  parts.push(CLOSE);
  return Buffer.concat(parts);
}
