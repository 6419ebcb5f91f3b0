import type { LearnedItem } from '../../db/alert-learning.ts';

function presentItem(item: LearnedItem) {
  return { id: item.id, kind: item.kind, value: item.value, weight: item.weight };
}

/**
 * What the alert learned ("more like … · less like …") and the words it must not contain; undone items are
 * left out. `resemblance`: how many projects have 👍 / 👎 (projects resembling them rank higher / lower).
 */
export function presentLearning(items: readonly LearnedItem[], verdicts: { liked: number; disliked: number } = { liked: 0, disliked: 0 }) {
  // Words before codes, as people read them: "more like: Kaminsanierung, 45442100".
  const active = items.filter((item) => !item.dismissed).sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'term' ? -1 : 1));
  return {
    moreLike: active.filter((item) => item.polarity === 'more').map(presentItem),
    lessLike: active.filter((item) => item.polarity === 'less').map(presentItem),
    excluded: active.filter((item) => item.polarity === 'exclude').map(presentItem),
    resemblance: { liked: verdicts.liked, disliked: verdicts.disliked },
  };
}
