import { useQuery } from '@tanstack/react-query';
import { Icon } from './icon.tsx';
import type { IconName } from './icon.tsx';
import { useTranslation } from 'react-i18next';
import type { Stats } from '../api/types.ts';
import { useLanguage } from '../hooks/use-language.ts';
import { formatNumber } from '../lib/format.ts';

export const STATS_POLL_MS = 180_000;
export const STATS_KEY = ['/api/stats'] as const;

export function StatsStrip() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { data, isLoading, isError } = useQuery<Stats>({ queryKey: STATS_KEY, refetchInterval: STATS_POLL_MS });

  if (isLoading) {
    return (
      <div className="stats-strip" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <div key={index} className="stat-tile stat-placeholder">
            <span className="placeholder-line short" />
            <span className="placeholder-line big" />
          </div>
        ))}
      </div>
    );
  }
  const tiles = [
    { key: 'activeAlerts', label: t('stats.activeAlerts'), value: data?.activeAlerts, icon: 'bell' },
    { key: 'matchingProjects', label: t('stats.matchingProjects'), value: data?.matchingProjects, icon: 'target' },
    { key: 'totalProjects', label: t('stats.totalProjects'), value: data?.totalProjects, icon: 'folder' },
  ];
  return (
    <div className="stats-strip" data-testid="stats-strip">
      {tiles.map((tile) => (
        <div key={tile.key} className="stat-tile">
          <span className="stat-icon">
            <Icon name={tile.icon as IconName} size={22} />
          </span>
          <div>
            <p className="stat-label">{tile.label}</p>
            <p className="stat-value" data-testid={`stat-${tile.key}`}>
              {isError ? '—' : formatNumber(tile.value, language)}
            </p>
          </div>
        </div>
      ))}
    </div>
  );
}
