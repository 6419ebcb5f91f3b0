import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/client.ts';
import { describeError } from '../lib/error-text.ts';
import { useAuth } from './use-auth.tsx';
import { useToast } from './use-toast.tsx';

export const REFETCH_AFTER_SCRAPE_MS = 3000;

/** Refresh button: admins start a scrape, others ask for one; every query is refetched 3 s later. */
export function useRefresh() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { isAdmin } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ started?: boolean; message?: string }>('POST', isAdmin ? '/api/admin/scrape' : '/api/scrape'),
    onSuccess: (result) => {
      const started = result?.started !== false;
      toast({
        title: started ? t('refresh.started') : t('refresh.notStarted'),
        description: started ? t('refresh.startedText') : t('refresh.notStartedText'),
        variant: started ? 'success' : 'default',
      });
      window.setTimeout(() => {
        void queryClient.invalidateQueries();
      }, REFETCH_AFTER_SCRAPE_MS);
    },
    onError: (error) => toast({ title: t('refresh.failed'), description: describeError(t, error), variant: 'destructive' }),
  });
}
