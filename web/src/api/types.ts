import type { z } from 'zod';
import type {
  AlertLearningResponse,
  AlertMatchResponse,
  AlertResponse,
  BillingRedirectResponse,
  ConfigResponse,
  LearnedItemResponse,
  ProjectDetailResponse,
  ProjectMatchResponse,
  ProjectResponse,
  ProcessNotificationsResponse,
  ProjectSummariesResponse,
  PromoCodeResponse,
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

/** A redeemable promo code (GET /api/subscription/promo/:code). */
export type PromoValidation = z.infer<typeof PromoCodeResponse>;

/** GET /api/config: what the SPA shares with the server instead of copying it. */
export type AppConfig = z.infer<typeof ConfigResponse>;

/** POST /api/subscription/checkout and /portal: where Stripe takes the user. */
export type BillingRedirect = z.infer<typeof BillingRedirectResponse>;

/** POST /api/admin/process-notifications: what one notify run did. */
export type NotifyRunResult = z.infer<typeof ProcessNotificationsResponse>;

export type WatchedProject = z.infer<typeof WatchedProjectResponse>;

export type UserSettings = z.infer<typeof SettingsResponse>;

/** One of the user's alerts matching a project (the project detail page). */
export type ProjectMatch = z.infer<typeof ProjectMatchResponse>;
