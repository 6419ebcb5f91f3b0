import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/client.ts';
import type { AlertLearning, Verdict } from '../api/types.ts';
import { describeError } from '../lib/error-text.ts';
import { useToast } from './use-toast.tsx';

export const learningKey = (alertId: number) => [`/api/alerts/${alertId}/learning`] as const;

/** Feedback re-scores the alert: matches, projects and alert counts all move. */
function useInvalidateScores() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ predicate: (query) => /^\/api\/(alerts|projects|stats)/.test(String(query.queryKey[0])) });
  };
}

export function useAlertLearning(alertId: number) {
  return useQuery<AlertLearning>({ queryKey: learningKey(alertId) });
}

export function useSetFeedback() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const invalidate = useInvalidateScores();
  return useMutation({
    mutationFn: ({ alertId, projectId, verdict }: { alertId: number; projectId: number; verdict: Verdict | null }) =>
      verdict === null
        ? apiRequest('DELETE', `/api/alerts/${alertId}/feedback/${projectId}`)
        : apiRequest('POST', `/api/alerts/${alertId}/feedback`, { projectId, verdict }),
    onSuccess: (_result, variables) => {
      invalidate();
      if (variables.verdict !== null)
        toast({ title: t(variables.verdict === 'relevant' ? 'feedback.toast.liked' : 'feedback.toast.disliked'), variant: 'success' });
    },
    onError: (error) => toast({ title: t('feedback.toast.error'), description: describeError(t, error), variant: 'destructive' }),
  });
}

export function useUndoLearned(alertId: number) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const invalidate = useInvalidateScores();
  return useMutation({
    mutationFn: (itemId: number) => apiRequest<AlertLearning>('DELETE', `/api/alerts/${alertId}/learning/${itemId}`),
    onSuccess: invalidate,
    onError: (error) => toast({ title: t('feedback.toast.error'), description: describeError(t, error), variant: 'destructive' }),
  });
}

export function useSetExclusions() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const invalidate = useInvalidateScores();
  return useMutation({
    mutationFn: ({ alertId, words }: { alertId: number; words: string[] }) => apiRequest<AlertLearning>('PUT', `/api/alerts/${alertId}/exclusions`, { words }),
    onSuccess: invalidate,
    onError: (error) => toast({ title: t('feedback.toast.error'), description: describeError(t, error), variant: 'destructive' }),
  });
}

/** "Strassenbau, Belag ; Gleis" → ["Strassenbau", "Belag", "Gleis"]. */
export function parseExcludedWords(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,;\n]/)
        .map((word) => word.trim())
        .filter((word) => word !== ''),
    ),
  ];
}
