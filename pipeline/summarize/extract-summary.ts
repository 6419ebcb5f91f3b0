import type { ProjectText } from '../llm/llm-port.ts';
import type { Language } from '../../domain/languages.ts';
import { languageTools, tokenize } from '../scorer/text-analysis.ts';

const MIN_SENTENCES = 3;
const MAX_SENTENCES = 5;
const MAX_CHARS = 700;
const MIN_SENTENCE_CHARS = 20;
const MAX_SENTENCE_CHARS = 320;

const LABELS: Record<Language, { deadline: string; organization: string; place: string }> = {
  fr: { deadline: 'Délai de remise des offres', organization: 'Adjudicateur', place: 'Lieu' },
  de: { deadline: 'Eingabetermin', organization: 'Auftraggeber', place: 'Ort' },
  it: { deadline: 'Termine di inoltro delle offerte', organization: 'Committente', place: 'Luogo' },
  en: { deadline: 'Offer deadline', organization: 'Contracting authority', place: 'Place' },
};

function plainText(text: string): string {
  return text
    .replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"');
}

function splitSentences(text: string): string[] {
  return plainText(text)
    .split(/\n+|(?<=[.!?;])\s+(?=[\p{Lu}\d«"(])/u)
    .map((sentence) =>
      sentence
        .replace(/\s+/g, ' ')
        .replace(/^[-•*·–]\s*/, '')
        .trim(),
    )
    .filter((sentence) => sentence.length >= MIN_SENTENCE_CHARS)
    .map((sentence) => (sentence.length > MAX_SENTENCE_CHARS ? `${sentence.slice(0, MAX_SENTENCE_CHARS).replace(/\s+\S*$/, '')} …` : sentence));
}

const SWISS_DATE = new Intl.DateTimeFormat('de-CH', { timeZone: 'Europe/Zurich', day: '2-digit', month: '2-digit', year: 'numeric' });

function formatDate(date: Date): string {
  return SWISS_DATE.format(date);
}

/**
 * The most informative sentences of the notice, in its own order: a sentence counts by how many of the
 * notice's recurring and title words it carries, per word, with a nudge for figures and for the opening.
 */
function pickSentences(sentences: string[], title: string, language: Language): string[] {
  const tools = languageTools(language);
  const stemsOf = (text: string) =>
    tokenize(text)
      .filter((word) => !tools.isStopWord(word) && word.length > 2)
      .map((word) => tools.stem(word));
  const titleStems = new Set(stemsOf(title));
  const perSentence = sentences.map((sentence) => stemsOf(sentence));
  const frequency = new Map<string, number>();
  for (const stems of perSentence) for (const stem of new Set(stems)) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
  const ranked = sentences.map((sentence, index) => {
    const stems = new Set(perSentence[index]);
    let weight = 0;
    for (const stem of stems) weight += Math.log2(1 + (frequency.get(stem) ?? 0)) + (titleStems.has(stem) ? 1 : 0);
    const density = stems.size === 0 ? 0 : weight / Math.sqrt(stems.size);
    const figures = /\d/.test(sentence) ? 0.3 : 0;
    const opening = index === 0 ? 0.6 : index === 1 ? 0.3 : 0;
    return { index, sentence, value: density + figures + opening };
  });
  const chosen: typeof ranked = [];
  let length = 0;
  for (const candidate of [...ranked].sort((a, b) => b.value - a.value || a.index - b.index)) {
    if (chosen.length >= MAX_SENTENCES) break;
    if (chosen.length >= MIN_SENTENCES && length + candidate.sentence.length > MAX_CHARS) break;
    if (chosen.some((c) => c.sentence === candidate.sentence)) continue;
    chosen.push(candidate);
    length += candidate.sentence.length;
  }
  return chosen.sort((a, b) => a.index - b.index).map((c) => c.sentence);
}

/** An offline summary in `language` (the notice's own): chosen sentences, then deadline, authority and place lines. */
export function extractSummary(project: ProjectText, language: Language): string {
  const sentences = splitSentences(project.description);
  const body = sentences.length > 0 ? pickSentences(sentences, project.title, language).join(' ') : project.title;
  const labels = LABELS[language];
  const place = [project.location, project.canton].filter(Boolean).join(', ');
  const facts = [
    project.deadline ? `${labels.deadline}: ${formatDate(project.deadline)}` : null,
    project.organization ? `${labels.organization}: ${project.organization}` : null,
    place ? `${labels.place}: ${place}` : null,
  ].filter((line): line is string => line !== null);
  return [body, ...facts].join('\n');
}
