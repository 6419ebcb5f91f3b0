import type { z } from 'zod';
import type {
  AlertMatchResponse,
  AlertResponse,
  ProjectDetailResponse,
  ProjectMatchResponse,
  ProjectSummariesResponse,
  PromoValidationResponse,
  QueueStatusResponse,
  SentEmailResponse,
  StatsResponse,
  SubscriptionResponse,
  UserResponse,
  Verdict as VerdictSchema,
} from '../../../domain/api-responses.ts';
import type { NotifyFrequency } from '../../../domain/notify-frequencies.ts';

// The shapes the API answers (domain/api-responses.ts, checked by api/api-contract.test.ts); types only, no zod in the bundle.
export type User = z.infer<typeof UserResponse>;
export type Frequency = NotifyFrequency;
export type Alert = z.infer<typeof AlertResponse>;
/** A project from a list (no `content`) or its detail page; the SPA adds its age. */
export type Project = Omit<z.infer<typeof ProjectDetailResponse>, 'content'> & { content?: string; daysSincePublished?: number | null };
export type ProjectSummaries = z.infer<typeof ProjectSummariesResponse>;
export type AlertMatch = z.infer<typeof AlertMatchResponse>;
export type ProjectMatch = z.infer<typeof ProjectMatchResponse>;
export type Stats = z.infer<typeof StatsResponse>;
export type Subscription = z.infer<typeof SubscriptionResponse>;
export type SentEmail = z.infer<typeof SentEmailResponse>;
export type QueueStatus = z.infer<typeof QueueStatusResponse>;
export type PromoValidation = z.infer<typeof PromoValidationResponse>;

export type Verdict = z.infer<typeof VerdictSchema>;

export interface LearnedItem {
  id: number;
  kind: 'term' | 'cpv';
  value: string;
  weight: number;
}

export interface AlertLearning {
  moreLike: LearnedItem[];
  lessLike: LearnedItem[];
  excluded: LearnedItem[];
}

export type ProjectChangeKind = 'corrected' | 'awarded' | 'revoked' | 'abandoned';

export interface WatchedProject {
  id: number;
  projectId: string;
  title: string;
  organization?: string | null;
  deadline?: string | null;
  status: string;
  watchedAt: string;
  simapUrl: string;
  changes: Array<{ kind: ProjectChangeKind; publicationId: string; date: string | null }>;
}

export interface UserSettings {
  remindersEnabled: boolean;
  reminderDays: number[];
  calendarUrl: string;
  webcalUrl: string;
}
