import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '../api/types.ts';

export const CONFIG_KEY = ['/api/config'] as const;

/** Values the server owns (GET /api/config): the match threshold, billing, languages. Fetched once per page load. */
export function useConfig(): AppConfig | undefined {
  return useQuery<AppConfig>({ queryKey: CONFIG_KEY, staleTime: Infinity }).data;
}

/** A match is a score at or above the server's threshold; undefined until the config has arrived. */
export function useMatchThreshold(): number | undefined {
  return useConfig()?.matchThreshold;
}
