import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/client.ts';
import type { User } from '../api/types.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/languages.ts';
import { normaliseLanguage } from '../lib/languages.ts';
import { USER_KEY } from './use-auth.tsx';

/** The active language, and a switcher that also tells the server when someone is logged in (docs/architecture.md). */
export function useLanguage(): { language: Language; setLanguage: (language: Language) => void } {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const language = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;

  const setLanguage = useCallback(
    (next: Language) => {
      void i18n.changeLanguage(next);
      const user = queryClient.getQueryData<User | null>(USER_KEY);
      if (user && user.language !== next) {
        apiRequest<User>('PUT', '/api/user', { language: next })
          .then((updated) => {
            if (updated && typeof updated === 'object' && 'id' in updated) queryClient.setQueryData(USER_KEY, updated);
            else queryClient.setQueryData(USER_KEY, { ...user, language: next });
          })
          .catch(() => undefined);
      }
    },
    [i18n, queryClient],
  );
  return { language, setLanguage };
}
