import { getScoringResources } from '/work/wt/scorer/pipeline/scorer/scoring-resources.ts';
import { loadCpvCatalog } from '/work/wt/scorer/pipeline/scorer/cpv-catalog.ts';
import { completeTruncatedCompounds } from '/work/wt/scorer/pipeline/scorer/truncated-compounds.ts';
const r = getScoringResources(loadCpvCatalog());
for (const t of ['Unterhalts- und Reinigungsdienste für Tunnel', 'Heizungs-, Lüftungs-, Klima- und Kälteanlagen installieren', 'Maler- und Gipserarbeiten, Innen- und Aussenanstriche', 'Fenster in Holz-Metall'])
  console.log(completeTruncatedCompounds(t, (w) => r.analyzer.compoundHead(w)));
