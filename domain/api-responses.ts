import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import { NOTIFY_FREQUENCIES } from './notify-frequencies.ts';
import { PLANS } from './plans.ts';
import { PROJECT_CHANGE_KINDS } from './project-changes.ts';

/**
 * What the API answers, as zod schemas: api/api-contract.test.ts checks every response against them and the SPA
 * infers its types from them (web/src/api/types.ts; type-only imports, so zod stays out of the bundle). Strict
 * objects, so a field added on one side only fails the test.
 */

const id = z.number().int();
const isoDate = z.iso.datetime();

export const ApiErrorResponse = z.looseObject({ error: z.string(), message: z.string() });

export const MessageResponse = z.strictObject({ message: z.string() });

export const UserResponse = z.strictObject({
  id,
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(['user', 'admin']),
  language: z.enum(LANGUAGES),
});

export const AlertResponse = z.strictObject({
  id,
  prompt: z.string(),
  isActive: z.boolean(),
  frequency: z.enum(NOTIFY_FREQUENCIES),
  language: z.enum(LANGUAGES),
  /** The language the prompt is written in, as detected from its words (the alert card's chip). */
  promptLanguage: z.enum(LANGUAGES).nullable(),
  matchCount: z.number().int(),
  createdAt: isoDate,
});

export const ProjectResponse = z.strictObject({
  id,
  projectId: z.string(),
  title: z.string(),
  titleFr: z.string().nullable(),
  titleDe: z.string().nullable(),
  titleIt: z.string().nullable(),
  titleEn: z.string().nullable(),
  summaryFr: z.string().nullable(),
  summaryDe: z.string().nullable(),
  summaryIt: z.string().nullable(),
  summaryEn: z.string().nullable(),
  organization: z.string().nullable(),
  location: z.string().nullable(),
  category: z.string().nullable(),
  description: z.string(),
  publishedAt: isoDate.nullable(),
  deadline: isoDate.nullable(),
  budget: z.number().nullable(),
  /** JSON text of the notice's metadata, with its official `url`. */
  metadata: z.string(),
  /** The user's best match score, null when none of their alerts matches. */
  matchScore: z.number().nullable(),
  matchCount: z.number().int(),
});

export const ProjectDetailResponse = ProjectResponse.extend({ content: z.string() });

export const ProjectCategoriesResponse = z.array(z.string());

export const SummaryStatus = z.enum(['none', 'pending', 'processing', 'completed', 'failed']);

export const ProjectSummariesResponse = z.strictObject({
  french: z.string().nullable(),
  english: z.string().nullable(),
  german: z.string().nullable(),
  italian: z.string().nullable(),
  status: SummaryStatus,
  /** Languages whose summary is sentences extracted from the notice (labelled as extracts, never "AI"). */
  extractive: z.array(z.enum(LANGUAGES)),
  noticeLanguage: z.enum(LANGUAGES).nullable(),
});

export const Verdict = z.enum(['relevant', 'not_relevant']);

/** `feedback`: the user's verdict on the match, null until given. */
export const AlertMatchResponse = z.strictObject({ id, score: z.number(), explanation: z.string(), project: ProjectResponse, feedback: Verdict.nullable() });

export const ProjectMatchResponse = z.strictObject({
  id,
  score: z.number(),
  explanation: z.string(),
  alert: z.strictObject({ id, prompt: z.string() }),
  feedback: Verdict.nullable(),
});

export const ProcessAlertResponse = z.strictObject({ scored: z.number().int(), matches: z.number().int() });

export const StatsResponse = z.strictObject({ totalProjects: z.number().int(), matchingProjects: z.number().int(), activeAlerts: z.number().int() });

export const SubscriptionResponse = z.strictObject({
  billing: z.enum(['off', 'on']),
  status: z.string(),
  plan: z.enum(PLANS).nullable(),
  currentPeriodStart: isoDate.nullable(),
  currentPeriodEnd: isoDate.nullable(),
  /** Absent when billing is off. */
  trialEnd: isoDate.nullable().optional(),
  cancelAtPeriodEnd: z.boolean(),
  activeAlertCount: z.number().int(),
  maxAlerts: z.number().int(),
});

/** GET /api/subscription/promo/:code: a redeemable code (an unknown or spent one answers 404 invalid_promo); `value` is percent off or days. */
export const PromoCodeResponse = z.strictObject({
  valid: z.literal(true),
  code: z.string(),
  type: z.enum(['discount', 'trial']),
  value: z.number().int(),
  /** In English ("-20 %", "30 days free"); the SPA words it from type and value. */
  benefit: z.string(),
  message: z.string(),
});

/** POST /api/subscription/checkout and /portal: the Stripe page the browser goes to. */
export const BillingRedirectResponse = z.strictObject({ url: z.url() });

/** One e-mail as the subscriber thinks of it: a digest with the matches it carried, best first. */
export const SentEmailResponse = z.strictObject({
  id: z.string(),
  sentAt: isoDate.nullable(),
  status: z.enum(['pending', 'sent', 'failed']),
  language: z.enum(LANGUAGES).nullable(),
  subject: z.string(),
  matchCount: z.number().int(),
  matches: z.array(
    z.strictObject({
      projectId: id.nullable(),
      alertId: id.nullable(),
      score: z.number().nullable(),
      alertPrompt: z.string().nullable(),
      project: z.strictObject({ title: z.string().nullable(), organization: z.string().nullable() }),
    }),
  ),
  /** Only in the admin view of everyone's e-mails. */
  user: z.strictObject({ id, username: z.string() }).optional(),
});

export const ScrapeResponse = z.strictObject({ started: z.boolean(), message: z.string() });

export const QueueStatusResponse = z.strictObject({
  queueLength: z.number().int(),
  pending: z.number().int(),
  processing: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
});

export const QueueAddResponse = z.strictObject({ queued: z.boolean(), message: z.string() });

export const QueueCheckResponse = z.strictObject({ queued: z.number().int() });

export const ResetProjectsResponse = z.strictObject({ projectsCount: z.number().int(), alertsRescored: z.number().int(), matches: z.number().int() });

/** POST /api/admin/process-notifications: the notify round's summary, with one line for the admin's toast. */
export const ProcessNotificationsResponse = z.strictObject({
  message: z.string(),
  frequencies: z.array(z.enum(NOTIFY_FREQUENCIES)),
  users: z.number().int(),
  digestsSent: z.number().int(),
  digestsFailed: z.number().int(),
  digestsAbandoned: z.number().int(),
  matchesEmailed: z.number().int(),
  skippedUnverified: z.number().int(),
  retried: z.number().int(),
  usersFailed: z.number().int(),
  postponed: z.number().int(),
  mailServerDown: z.string().nullable(),
});

export const ResetTokenCheckResponse = z.strictObject({ valid: z.boolean() });

/** GET /api/config: what the SPA shares with the server instead of copying it. */
export const ConfigResponse = z.strictObject({
  matchThreshold: z.number().int(),
  notifyThreshold: z.number().int(),
  billing: z.enum(['off', 'on']),
  languages: z.array(z.enum(LANGUAGES)),
});

/** A project on the user's watchlist (☆), with the corrections, awards and cancellations published since. */
export const WatchedProjectResponse = z.strictObject({
  id,
  projectId: z.string(),
  title: z.string(),
  organization: z.string().nullable(),
  deadline: isoDate.nullable(),
  status: z.string(),
  watchedAt: isoDate,
  simapUrl: z.string(),
  changes: z.array(z.strictObject({ kind: z.enum(PROJECT_CHANGE_KINDS), publicationId: z.string(), date: z.iso.date().nullable() })),
});

export const WatchResponse = z.strictObject({ projectId: id, watched: z.boolean() });

export const SettingsResponse = z.strictObject({
  remindersEnabled: z.boolean(),
  reminderDays: z.array(z.number().int()),
  calendarUrl: z.string(),
  webcalUrl: z.string(),
});

export const LearnedItemResponse = z.strictObject({ id, kind: z.enum(['term', 'cpv']), value: z.string(), weight: z.number() });

/** What an alert learned from feedback, and its "must not contain" words; `resemblance`: how many projects have 👍 / 👎. */
export const AlertLearningResponse = z.strictObject({
  moreLike: z.array(LearnedItemResponse),
  lessLike: z.array(LearnedItemResponse),
  excluded: z.array(LearnedItemResponse),
  resemblance: z.strictObject({ liked: z.number().int(), disliked: z.number().int() }),
});

/** A 👍/👎 set (with its time) or cleared (verdict null), what the alert learned, and its matches once re-scored. */
export const FeedbackResponse = z.strictObject({
  alertId: id,
  projectId: id,
  verdict: Verdict.nullable(),
  updatedAt: isoDate.optional(),
  learning: AlertLearningResponse,
  matches: z.number().int(),
});

/** A one-click e-mail link done (POST /api/email-actions). */
export const EmailActionResponse = z.strictObject({ action: z.enum(['relevant', 'not_relevant', 'watch']), alertId: id, projectId: id, done: z.literal(true) });
