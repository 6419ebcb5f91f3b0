import { z } from 'zod';

const PositiveId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const FeedbackBody = z.object({
  projectId: PositiveId('projectId must be a positive integer'),
  verdict: z.enum(['relevant', 'not_relevant'], { error: 'verdict must be relevant or not_relevant' }),
});

export const FeedbackParams = z.object({
  id: PositiveId('Id must be a positive integer'),
  projectId: PositiveId('projectId must be a positive integer'),
});

export const LearnedItemParams = z.object({
  id: PositiveId('Id must be a positive integer'),
  itemId: PositiveId('itemId must be a positive integer'),
});

const Word = z
  .string({ error: 'Each excluded word must be text' })
  .trim()
  .min(2, 'Each excluded word must have at least 2 characters')
  .max(60, 'Each excluded word must be at most 60 characters');

export const ExclusionsBody = z.object({
  words: z.array(Word, { error: 'words must be a list of words' }).max(20, 'At most 20 excluded words'),
});
