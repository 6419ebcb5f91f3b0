import { z } from 'zod';
import { describeProject } from './describe-project.ts';
import { LANGUAGE_NAMES, type PairToScore } from './llm-port.ts';

export const PairScoreReply = z.object({
  score: z.number().int().min(0).max(100),
  explanation: z.string().trim().min(1).max(1000),
});

export const PAIR_SCORE_FORMAT_NAME = 'match_score';

export function scorePairMessages(pair: PairToScore): Array<{ role: 'system' | 'user'; content: string }> {
  const language = LANGUAGE_NAMES[pair.language];
  return [
    {
      role: 'system',
      content: [
        'You rate how well a Swiss public procurement notice matches a subscriber alert.',
        'Score 0-100: 90+ the subscriber certainly wants this tender; 60-89 clearly relevant; 30-59 partly relevant',
        '(one lot among others, a close neighbour of the requested work); below 30 not relevant.',
        'An explicit place constraint in the alert (canton, city, region) that the notice does not meet makes the score at most 10.',
        'The notice and the alert may be in different languages; language alone never lowers the score.',
        `Write the explanation in ${language}: one or two short sentences saying why, addressed to the subscriber.`,
        'Answer only with the JSON object requested.',
      ].join(' '),
    },
    { role: 'user', content: `Alert (${pair.language}):\n${pair.prompt}\n\nNotice:\n${describeProject(pair.project)}` },
  ];
}
