import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EVAL_SET, formatEvaluationReport, runEvaluation } from './run-evaluation.ts';

const hasDevSet = existsSync(DEFAULT_EVAL_SET);
if (!hasDevSet) console.log(`evaluation set ${DEFAULT_EVAL_SET} not found: skipping the match-quality regression guard`);

describe('local scorer on the dev evaluation set (regression guard)', () => {
  // Floors sit just below the figures measured when the scorer was frozen (docs/matching.md): a drop fails, a rise is welcome.
  it.skipIf(!hasDevSet)(
    'keeps nDCG@10 over all alerts, the precision of e-mailed pairs and the share of relevance-2 pairs e-mailed',
    async () => {
      const report = await runEvaluation();
      console.log(formatEvaluationReport(report));
      // 0.819; 0.814 once a cost-plan number in a description named its group (held-out relevance-2 recall 0.62 → 0.65),
      // 0.818 with the qualifiers at 0.6 in the CPV mapping (docs/matching.md, twelfth session), 0.825 (e-mail precision
      // 0.845 → 0.863) once pseudo-feedback's likeness left out the CPV labels' words (fourteenth session), 0.828 (e-mail
      // precision 0.859, relevance-2 recall 0.667) with the labels' two-word names weighing as one (sixteenth); 0.830 (e-mail
      // precision 0.875) with supply words no query words and works joined before one complement as alternatives (nineteenth);
      // 0.831 (e-mail precision 0.877) with "IT" in capitals an abbreviation, e-mail precision 0.890 with joined works
      // wanting their complement (twentieth); 0.832 (e-mail precision 0.902) once a word no longer took a longer compound's
      // trade names (twenty-third).
      expect(report.mean.ndcgAt10).toBeGreaterThanOrEqual(0.825);
      expect(report.emailed.precision).toBeGreaterThanOrEqual(0.895);
      // 0.43 with pseudo-feedback (0.33 before it), 0.425 since the map's e-mail knot moved to 0.51, 0.49 at 0.46, 0.50 (2026-11-27),
      // 0.575 with the qualifiers in the expected mass and the map refitted (0.39 → 70), 0.60 with pseudo-feedback 3 / 0.2 / 40,
      // 0.65 with a word no notice carries weighing as the rarest one some notice carries, 0.675 with cost-plan numbers in descriptions,
      // 0.692 with pseudo-feedback's best matches a group above a wide drop (eighteenth session), 0.700 with "IT" an abbreviation,
      // 0.692 again when a van's "Transporter" no longer reached trucks through "Transportmittel" (twenty-third).
      expect(report.mean.pairRecallAtThreshold).toBeGreaterThanOrEqual(0.69);
    },
    300_000,
  );

  it.skipIf(!hasDevSet)(
    'keeps nDCG@10 when every alert is reworded in another language',
    async () => {
      const report = await runEvaluation({ reworded: true });
      // 0.784; 0.789 once pseudo-feedback's likeness left out the CPV labels' words; 0.800 with the labels' two-word names
      // weighing as one; 0.797 with a head's listed things as alternatives (one rewording's top three tie at 97); 0.7965 with
      // pseudo-feedback's best matches a group above a wide drop; 0.7978 with the head named in a notice's own text.
      expect(report.mean.ndcgAt10).toBeGreaterThanOrEqual(0.796);
    },
    300_000,
  );
});
