import type { z } from 'zod';
import type { AlertLearningResponse, ConfigResponse, LearnedItemResponse, SettingsResponse, WatchedProjectResponse } from '../../../domain/api-responses.ts';
import type { NotifyFrequency } from '../../../domain/notify-frequencies.ts';

export type Role = 'user' | 'admin';

export interface User {
  id: number;
  username: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  language?: string | null;
}

export type Frequency = NotifyFrequency;

export interface Alert {
  id: number;
  prompt: string;
  isActive: boolean;
  frequency: Frequency;
  language?: string | null;
  /** The language the prompt is written in (the chip shows this one). */
  promptLanguage?: string | null;
  matchCount?: number | null;
  createdAt?: string | null;
}

export interface Project {
  id: number;
  projectId?: string | null;
  title?: string | null;
  titleFr?: string | null;
  titleDe?: string | null;
  titleIt?: string | null;
  titleEn?: string | null;
  summaryFr?: string | null;
  summaryDe?: string | null;
  summaryIt?: string | null;
  summaryEn?: string | null;
  organization?: string | null;
  location?: string | null;
  category?: string | null;
  description?: string | null;
  content?: string | null;
  publishedAt?: string | null;
  deadline?: string | null;
  budget?: string | number | null;
  metadata?: string | Record<string, unknown> | null;
  url?: string | null;
  status?: string | null;
  matchScore?: number | null;
  matchCount?: number | null;
  daysSincePublished?: number | null;
}

export type SummaryStatus = 'none' | 'pending' | 'processing' | 'completed' | 'failed';

export interface ProjectSummaries {
  french?: string | null;
  english?: string | null;
  german?: string | null;
  italian?: string | null;
  status?: SummaryStatus;
  /** Languages whose summary is sentences extracted from the notice. */
  extractive?: string[];
  noticeLanguage?: string | null;
}

export interface AlertMatch {
  id: number;
  score: number | null;
  explanation?: string | null;
  project?: Project | null;
  alert?: { id: number; prompt: string } | null;
  feedback?: Verdict | null;
}

export type Verdict = 'relevant' | 'not_relevant';

export type LearnedItem = z.infer<typeof LearnedItemResponse>;

export type AlertLearning = z.infer<typeof AlertLearningResponse>;

export interface Stats {
  totalProjects: number;
  matchingProjects: number;
  activeAlerts: number;
}

export interface Subscription {
  billing?: 'off' | 'on' | string;
  status?: string | null;
  plan?: 'monthly' | 'yearly' | string | null;
  currentPeriodStart?: string | null;
  currentPeriodEnd?: string | null;
  trialEnd?: string | null;
  cancelAtPeriodEnd?: boolean | null;
  activeAlertCount?: number | null;
  maxAlerts?: number | null;
}

export interface SentEmailMatch {
  projectId?: number | null;
  alertId?: number | null;
  score?: number | null;
  alertPrompt?: string | null;
  project?: { title?: string | null; organization?: string | null } | null;
}

/** One e-mail of the history, with the matches it carried. */
export interface SentEmail {
  id: string;
  subject?: string | null;
  sentAt?: string | null;
  status: string;
  language?: string | null;
  matchCount: number;
  matches: SentEmailMatch[];
  user?: { id?: number; username?: string | null } | null;
}

export interface QueueStatus {
  queueLength: number;
  pending: number;
  processing: number;
  completed: number;
  failed: number;
}

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
export interface ProjectMatch {
  id: number;
  score: number | null;
  explanation?: string | null;
  alert: { id: number; prompt: string };
  feedback?: Verdict | null;
}
