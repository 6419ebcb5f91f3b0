import { getScoringResources } from '/work/wt/scorer/pipeline/scorer/scoring-resources.ts';
import { loadCpvCatalog } from '/work/wt/scorer/pipeline/scorer/cpv-catalog.ts';
const r = getScoringResources(loadCpvCatalog());
console.log(JSON.stringify(r.analyzer.analyze(['Orgelrevision','Kirche','Glockenstuhl'],'de')), JSON.stringify(r.analyzer.analyze(['révision','orgue','beffroi'],'fr')));
