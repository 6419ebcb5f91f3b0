import { describe, expect, it } from 'vitest';
import { getSharedLocalScorer } from '../score/shared-local-scorer.ts';
import { crossValidateFeedback, FEEDBACK_GRID, formatFeedbackCrossValidation } from './cross-validate-feedback.ts';
import type { EvaluationSet } from './evaluation-set.ts';
import { DEFAULT_FEEDBACK_SETTINGS, prepareFeedbackSimulation, simulateAlert } from './simulate-feedback.ts';

// A made-up set: two alerts on one trade, each with relevant projects left after its first five.
const project = (id: string, title: string, description = '', cpv: string[] = []) => ({ id, language: 'fr' as const, title, description, cpv, canton: null });
const set: EvaluationSet = {
  alerts: [
    { id: 'a1', language: 'fr', prompt: 'Déneigement des rues communales' },
    { id: 'a2', language: 'fr', prompt: 'Déneigement et salage des rues' },
  ],
  projects: [
    project('p1', 'Déneigement des rues communales', 'Fraise à neige, salage', ['90620000']),
    project('p2', 'Déneigement du parking de la gare', 'Chasse-neige', ['90620000']),
    project('p3', 'Déneigement des trottoirs', 'Fraise à neige', ['90620000']),
    project('p4', 'Rues communales: fontaines', 'Restauration des bassins', ['45454100']),
    project('p5', 'Horloges des rues communales', 'Révision des horloges', ['50432000']),
    project('p6', 'Salage et déneigement des rues du centre', 'Saleuse', ['90630000']),
    project('p7', 'Déneigement: fraise à neige', 'Chasse-neige', ['90620000']),
    project('p8', 'Rues communales: bancs', 'Bancs en mélèze', ['34928400']),
    project('p9', 'Chasse-neige pour la voirie', 'Lame et saleuse', ['34144420']),
    project('p10', 'Service hivernal du village', 'Fraise à neige et saleuse', ['90620000']),
  ],
  judgments: ['a1', 'a2'].flatMap((alert) =>
    ['p1', 'p2', 'p3', 'p6', 'p7', 'p9', 'p10'].map((id, index) => ({ alert, project: id, relevance: index < 3 ? 2 : 1 })),
  ),
};

describe('cross-validation of the feedback weights', () => {
  it('chooses a grid point on the training folds and measures it on the held-out alerts', () => {
    const scorer = getSharedLocalScorer();
    const report = crossValidateFeedback(set, scorer, { folds: 2 });
    expect(report.folds).toHaveLength(2);
    for (const fold of report.folds) {
      expect(fold.alerts).toHaveLength(1);
      for (const [name, values] of Object.entries(FEEDBACK_GRID)) expect(values).toContain(fold.chosen[name as keyof typeof FEEDBACK_GRID]);
    }
    // The frozen figure is the simulation's own with the default weights.
    const simulation = prepareFeedbackSimulation(set, scorer);
    const frozen = simulation.alerts.map((alert) => simulateAlert(simulation, alert, DEFAULT_FEEDBACK_SETTINGS)).filter((entry) => entry.remainingRelevant > 0);
    expect(report.frozenAfter).toBeCloseTo(frozen.reduce((sum, entry) => sum + entry.after, 0) / frozen.length);
    expect(report.alerts).toBe(frozen.length);
    expect(formatFeedbackCrossValidation(report)).toContain('cross-validated');
  }, 120_000);
});
