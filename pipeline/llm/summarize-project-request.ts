import { z } from 'zod';
import { describeProject } from './describe-project.ts';
import type { ProjectText } from './llm-port.ts';

const summaryText = z.string().trim().min(20).max(2000);

export const ProjectSummariesReply = z.object({ fr: summaryText, de: summaryText, it: summaryText, en: summaryText });

export const PROJECT_SUMMARIES_FORMAT_NAME = 'project_summaries';

export function summarizeProjectMessages(project: ProjectText): Array<{ role: 'system' | 'user'; content: string }> {
  return [
    {
      role: 'system',
      content: [
        'You summarise Swiss public procurement notices for busy suppliers.',
        'Write the same summary four times: in French (fr), German (de), Italian (it) and English (en).',
        'Each summary has 3 to 5 sentences: what is bought, by whom, where, the offer deadline, and key conditions',
        '(lots, duration, options, required qualifications) when the notice gives them.',
        'Use only facts present in the notice; never invent a date, amount or name.',
        'Answer only with the JSON object requested.',
      ].join(' '),
    },
    { role: 'user', content: describeProject(project) },
  ];
}
