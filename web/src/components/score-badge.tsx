import { useTranslation } from 'react-i18next';
import { clampPercent, hasScore, scoreColour, scoreLevel } from '../lib/score.ts';

/**
 * A missing score says "no match": none of the user's active alerts matches the project, or none has scored it yet
 * (alerts score new projects within minutes; below the storage floor no score is kept). Never an invented number
 * (docs/architecture.md).
 */
export function ScoreBadge({ score }: { score: number | null | undefined }) {
  const { t } = useTranslation();
  const level = scoreLevel(score);
  if (!hasScore(score)) {
    return <span className="badge badge-muted score-badge score-none">{t('score.noMatch')}</span>;
  }
  return (
    <span className={`badge badge-${level} score-badge`} title={t('score.matchTitle')}>
      {t('score.match', { score: clampPercent(score) })}
    </span>
  );
}

export function ScoreBar({ score }: { score: number | null | undefined }) {
  const { t } = useTranslation();
  if (!hasScore(score)) return <span className="muted small">{t('score.noMatch')}</span>;
  const percent = clampPercent(score);
  return (
    <div className="score-bar" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('score.matchTitle')}>
      <div className="score-bar-track">
        <div className={`score-bar-fill colour-${scoreColour(score)}`} style={{ width: `${percent}%` }} />
      </div>
      <span className="score-bar-value">{percent}%</span>
    </div>
  );
}
