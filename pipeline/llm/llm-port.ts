import type { Language } from '../../domain/languages.ts';

export const LANGUAGE_NAMES: Record<Language, string> = { fr: 'French', de: 'German', it: 'Italian', en: 'English' };

/** Receives the tokens of every request, including those of replies that were then rejected. */
export type UsageSink = (input: number, output: number) => void;

export interface CallOptions {
  onUsage?: UsageSink;
  signal?: AbortSignal;
}

/** The project text that the LLM reads, for scoring and for summaries. */
export interface ProjectText {
  id: number;
  language: Language | null;
  title: string;
  description: string;
  cpvCodes: string[];
  organization: string | null;
  location: string | null;
  canton: string | null;
  deadline: Date | null;
}

export interface PairToScore {
  prompt: string;
  language: Language;
  project: ProjectText;
}

export interface PairScore {
  score: number;
  explanation: string;
}

export type ProjectSummaries = Record<Language, string>;

export interface LlmPort {
  /** Recorded as `llm:<model>` on scores and as the model of summaries. */
  readonly model: string;
  scorePair(pair: PairToScore, options?: CallOptions): Promise<PairScore>;
  summarizeProject(project: ProjectText, options?: CallOptions): Promise<ProjectSummaries>;
}
