import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/client.ts';
import type { UserSettings, WatchedProject } from '../api/types.ts';
import { describeError } from '../lib/error-text.ts';
import { useToast } from './use-toast.tsx';

export const WATCHLIST_KEY = ['/api/watchlist'] as const;
export const SETTINGS_KEY = ['/api/settings'] as const;

export function useWatchlist() {
  return useQuery<WatchedProject[]>({ queryKey: WATCHLIST_KEY });
}

/** The ids on the user's watchlist, for the ☆ on every card. */
export function useWatchedIds(): Set<number> {
  const { data } = useWatchlist();
  return new Set((data ?? []).map((project) => project.id));
}

export function useToggleWatch() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, watched }: { projectId: number; watched: boolean }) =>
      watched ? apiRequest('POST', '/api/watchlist', { projectId }) : apiRequest('DELETE', `/api/watchlist/${projectId}`),
    onSuccess: (_result, { watched }) => {
      void queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY });
      toast({ title: t(watched ? 'watchlist.toast.added' : 'watchlist.toast.removed'), variant: 'success' });
    },
    onError: (error) => toast({ title: t('watchlist.toast.error'), description: describeError(t, error), variant: 'destructive' }),
  });
}

export function useSettings() {
  return useQuery<UserSettings>({ queryKey: SETTINGS_KEY });
}

export function useUpdateSettings() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { remindersEnabled?: boolean; reminderDays?: number[] } | 'renew-calendar') =>
      body === 'renew-calendar' ? apiRequest<UserSettings>('POST', '/api/settings/calendar-token') : apiRequest<UserSettings>('PUT', '/api/settings', body),
    onSuccess: (settings) => {
      queryClient.setQueryData(SETTINGS_KEY, settings);
      toast({ title: t('settings.toast.saved'), variant: 'success' });
    },
    onError: (error) => toast({ title: t('settings.toast.error'), description: describeError(t, error), variant: 'destructive' }),
  });
}
