import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/client.ts';
import type { Alert, Frequency } from '../api/types.ts';
import { describeError } from '../lib/error-text.ts';
import { useToast } from './use-toast.tsx';

export const ALERTS_KEY = ['/api/alerts'] as const;
export const ALERTS_POLL_MS = 180_000;
export const PROMPT_MIN = 10;

export interface AlertInput {
  prompt: string;
  isActive: boolean;
  frequency: Frequency;
}

export function useAlerts() {
  return useQuery<Alert[]>({ queryKey: ALERTS_KEY, refetchInterval: ALERTS_POLL_MS });
}

function useInvalidateAlerts() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ALERTS_KEY });
    void queryClient.invalidateQueries({ queryKey: ['/api/stats'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/subscription'] });
    void queryClient.invalidateQueries({
      predicate: (query) => String(query.queryKey[0]).startsWith('/api/projects') || String(query.queryKey[0]).includes('/matches'),
    });
  };
}

export function useCreateAlert(onCreated?: (alert: Alert) => void) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: (input: AlertInput) => apiRequest<Alert>('POST', '/api/alerts', input),
    onSuccess: (alert) => {
      invalidate();
      toast({ title: t('alerts.toast.created'), description: t('alerts.toast.createdText'), variant: 'success' });
      onCreated?.(alert);
    },
    onError: (error) => toast({ title: t('alerts.toast.createError'), description: describeError(t, error), variant: 'destructive' }),
  });
}

export function useUpdateAlert() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; prompt?: string; isActive: boolean; frequency?: Frequency }) =>
      apiRequest<Alert>('PUT', `/api/alerts/${id}`, body),
    onSuccess: (_alert, variables) => {
      invalidate();
      if (variables.prompt !== undefined) toast({ title: t('alerts.toast.updated'), variant: 'success' });
    },
    onError: (error) => toast({ title: t('alerts.toast.updateError'), description: describeError(t, error), variant: 'destructive' }),
  });
}

export function useDeleteAlert(onDeleted?: () => void) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/alerts/${id}`),
    onSuccess: () => {
      invalidate();
      toast({ title: t('alerts.toast.deleted'), variant: 'success' });
      onDeleted?.();
    },
    onError: (error) => toast({ title: t('alerts.toast.deleteError'), description: describeError(t, error), variant: 'destructive' }),
  });
}

export function useProcessAlert() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message?: string }>('POST', `/api/alerts/${id}/process`),
    onSuccess: () => {
      invalidate();
      toast({ title: t('alerts.toast.processed'), description: t('alerts.toast.processedText'), variant: 'success' });
    },
    onError: (error) => toast({ title: t('alerts.toast.processError'), description: describeError(t, error), variant: 'destructive' }),
  });
}
