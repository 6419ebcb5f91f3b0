import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test-support/test-config.ts';
import { getSharedLocalScorer } from '../score/shared-local-scorer.ts';
import { formatFeedbackReport, runFeedbackEvaluation } from './simulate-feedback.ts';

// A made-up set: the alert's words find the steam locomotives' chimneys too; the other lots of the liked projects'
// buildings (gymnase, mairie), which the alert's words miss, are what the liked projects' resemblance finds.
const project = (id: string, title: string, description = '', cpv: string[] = []) => ({ id, language: 'fr', title, description, cpv, canton: null });
const set = {
  alerts: [{ id: 'a1', language: 'fr', prompt: 'Ramonage de cheminées' }],
  projects: [
    project('p1', 'Ramonage de cheminées et poêles du gymnase', 'Échelle à crochets'),
    project('p2', 'Ramonage de cheminées de wagons du dépôt', 'Garage, wagons de service'),
    project('p3', 'Ramonage de cheminées et poêles de la mairie', 'Échelle à crochets'),
    project('p4', 'Ramonage de cheminées des trams', 'Dépôt de wagons'),
    project('p5', 'Ramonage de cheminées du dépôt de wagons', 'Wagons de voirie'),
    project('p6', 'Révision des poêles du gymnase', 'Échelle à crochets'),
    project('p7', 'Poêles de la mairie: révision', 'Échelle'),
    project('p9', 'Ramonage des locaux administratifs', 'Bureaux et couloirs'),
    project('p10', 'Ramonage des vestiaires de la piscine', 'Vestiaires et douches'),
    project('p11', 'Ramonage des wagons de voirie', 'Garage'),
    project('p12', 'Ramonage de cheminées des wagons de police', 'Wagons, garage'),
    project('p8', 'Ramonage de cheminées et poêles de la chapelle', 'Échelle à crochets'),
  ],
  judgments: [
    { alert: 'a1', project: 'p1', relevance: 2 },
    { alert: 'a1', project: 'p3', relevance: 2 },
    { alert: 'a1', project: 'p6', relevance: 2 },
    { alert: 'a1', project: 'p7', relevance: 1 },
    { alert: 'a1', project: 'p8', relevance: 2 },
  ],
};

describe('simulated feedback', () => {
  it('feeds back the top 5 labels and measures both rankings on the remaining projects only', () => {
    const dir = makeTempDir('vigie-feedback-');
    const setPath = path.join(dir, 'set.json');
    writeFileSync(setPath, JSON.stringify(set));
    const report = runFeedbackEvaluation({ setPath, scorer: getSharedLocalScorer() });
    const [alert] = report.perAlert;
    // The first ranking, with the alert's pseudo-feedback as the score stage ranks, has liked and disliked lots in its
    // top 5; the relevant ones after them are what is measured.
    expect(alert).toMatchObject({ alertId: 'a1' });
    expect(alert!.liked).toBeGreaterThan(0);
    expect(alert!.disliked).toBeGreaterThan(0);
    expect(alert!.liked + alert!.disliked).toBe(5);
    expect(alert!.remainingRelevant).toBe(5 - alert!.liked);
    expect(alert!.learned.more.map((w) => w.toLowerCase())).toContain('poêles');
    expect(alert!.after).toBeGreaterThan(alert!.before);
    expect(report.after).toBe(alert!.after);
    expect(formatFeedbackReport(report)).toContain('mean over 1 alerts');
  }, 120_000);
});
