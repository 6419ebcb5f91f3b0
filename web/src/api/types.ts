import type { z } from 'zod';
import type {
  AlertLearningResponse,
  AlertMatchResponse,
  AlertResponse,
  ConfigResponse,
  LearnedItemResponse,
  ProjectDetailResponse,
  ProjectMatchResponse,
  ProjectResponse,
  ProjectSummariesResponse,
  QueueStatusResponse,
  SentEmailResponse,
  SettingsResponse,
  StatsResponse,
  SubscriptionResponse,
  UserResponse,
  Verdict as VerdictSchema,
  WatchedProjectResponse,
} from '../../../domain/api-responses.ts';
import type { NotifyFrequency } from '../../../domain/notify-frequencies.ts';

export type User = z.infer<typeof UserResponse>;

export type Frequency = NotifyFrequency;

export type Alert = z.infer<typeof AlertResponse>;

/** A project of the list; the detail adds its `content`. */
export type Project = z.infer<typeof ProjectResponse> & Partial<Pick<z.infer<typeof ProjectDetailResponse>, 'content'>>;

export type ProjectSummaries = z.infer<typeof ProjectSummariesResponse>;

export type AlertMatch = z.infer<typeof AlertMatchResponse>;

export type Verdict = z.infer<typeof VerdictSchema>;

export type LearnedItem = z.infer<typeof LearnedItemResponse>;

export type AlertLearning = z.infer<typeof AlertLearningResponse>;

export type Stats = z.infer<typeof StatsResponse>;

export type Subscription = z.infer<typeof SubscriptionResponse>;

export type SentEmail = z.infer<typeof SentEmailResponse>;

export type QueueStatus = z.infer<typeof QueueStatusResponse>;

export interface PromoValidation {
  valid: boolean;
  type?: 'discount' | 'trial' | string;
  value?: number;
  benefit?: string;
  message?: string;
}

/** GET /api/config: what the SPA shares with the server instead of copying it. */
export type AppConfig = z.infer<typeof ConfigResponse>;

export type WatchedProject = z.infer<typeof WatchedProjectResponse>;

export type UserSettings = z.infer<typeof SettingsResponse>;

/** One of the user's alerts matching a project (the project detail page). */
export type ProjectMatch = z.infer<typeof ProjectMatchResponse>;
