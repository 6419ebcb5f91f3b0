import { Agent, RetryAgent, request, type Dispatcher, type RetryHandler } from 'undici';
import type PQueue from 'p-queue';
import { PROJECT_SUB_TYPES, SearchPage } from './simap-schemas.ts';
import { SimapHttpError, SimapInvalidResponseError, SimapNetworkError, SimapRateLimitedError, SimapUnreachableError } from './simap-errors.ts';

export interface RetryPolicy {
  maxRetries: number;
  minDelayMs: number;
  maxDelayMs: number;
  /** Per attempt: waiting for response headers, and between body chunks. */
  timeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 5, minDelayMs: 500, maxDelayMs: 30_000, timeoutMs: 30_000 };

/**
 * simap's Retry-After is obeyed even beyond the backoff cap, up to this; a longer one stops the run cleanly
 * (SimapRateLimitedError) and the next round resumes from the cursor.
 */
export const MAX_RETRY_AFTER_MS = 120_000;
const RETRIED_STATUSES = [429, 500, 502, 503, 504];
const RETRIED_ERROR_CODES = [
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENETDOWN',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
];
// Not retried: a wrong host or a closed port will not fix itself within a backoff.
const UNREACHABLE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED']);

/** One wait before a retry, for the warn log: which URL, why, and for how long. */
export interface RetryWait {
  url: string;
  status: number | null;
  code: string | null;
  attempt: number;
  waitMs: number;
}

export interface SimapClientOptions {
  baseUrl: string;
  retry?: Partial<RetryPolicy>;
  onRetry?: (wait: RetryWait) => void;
  /** Every request (retries excepted) goes through it, so the rate limit covers search pages and details alike. */
  queue?: PQueue;
  signal?: AbortSignal;
}

export interface SearchQuery {
  newestPublicationFrom: string;
  lastItem?: string;
}

export interface SimapClient {
  searchProjects(query: SearchQuery): Promise<{ url: string; page: SearchPage }>;
  getPublicationDetails(projectId: string, publicationId: string): Promise<{ url: string; details: unknown }>;
  close(): Promise<void>;
}

function retryAfterMs(headers: Record<string, string | string[] | undefined> | undefined): number | null {
  const raw = headers?.['retry-after'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  const seconds = Number(value);
  if (!Number.isNaN(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** undici's RetryHandler decision, with full jitter on the exponential backoff; Retry-After wins when simap sends it. */
function jitteredRetry(policy: RetryPolicy, onRetry: SimapClientOptions['onRetry']): RetryHandler.RetryCallback {
  return (error, { state, opts }, callback) => {
    const { statusCode, code, headers } = error as Error & { statusCode?: number; code?: string; headers?: Record<string, string> };
    const retriableCode = code === undefined || code === 'UND_ERR_REQ_RETRY' || RETRIED_ERROR_CODES.includes(code);
    const retriableStatus = statusCode === undefined || RETRIED_STATUSES.includes(statusCode);
    if (!retriableCode || !retriableStatus || state.counter > policy.maxRetries) {
      callback(error);
      return;
    }
    const backoff = Math.min(policy.minDelayMs * 2 ** (state.counter - 1), policy.maxDelayMs);
    const retryAfter = retryAfterMs(headers);
    if (retryAfter !== null && retryAfter > MAX_RETRY_AFTER_MS) {
      callback(Object.assign(error, { retryAfterMs: retryAfter }));
      return;
    }
    const delay = retryAfter ?? policy.minDelayMs / 2 + Math.random() * backoff;
    const url = `${String(opts.origin ?? '')}${opts.path}`;
    onRetry?.({ url, status: statusCode ?? null, code: statusCode === undefined ? (code ?? null) : null, attempt: state.counter, waitMs: Math.round(delay) });
    setTimeout(() => callback(null), delay);
  };
}

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string }; errors?: Array<{ code?: string }> } | null;
  return e?.code ?? e?.cause?.code ?? e?.errors?.find((inner) => inner.code)?.code;
}

export function createSimapClient(options: SimapClientOptions): SimapClient {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const agent = new Agent({ headersTimeout: policy.timeoutMs, bodyTimeout: policy.timeoutMs, connect: { timeout: policy.timeoutMs } });
  const dispatcher: Dispatcher = new RetryAgent(agent, {
    maxRetries: policy.maxRetries,
    minTimeout: policy.minDelayMs,
    maxTimeout: policy.maxDelayMs,
    methods: ['GET'],
    statusCodes: RETRIED_STATUSES,
    errorCodes: RETRIED_ERROR_CODES,
    retry: jitteredRetry(policy, options.onRetry),
  });
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  async function getJson(url: string): Promise<unknown> {
    const attempt = async () => {
      let response: Dispatcher.ResponseData;
      try {
        response = await request(url, { method: 'GET', dispatcher, signal: options.signal, headers: { accept: 'application/json' } });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const e = error as { statusCode?: number; data?: { count?: number }; retryAfterMs?: number };
        if (typeof e.retryAfterMs === 'number') throw new SimapRateLimitedError(url, e.retryAfterMs);
        if (typeof e.statusCode === 'number') throw new SimapHttpError(url, e.statusCode, '', e.data?.count ?? policy.maxRetries + 1);
        const code = errorCode(error) ?? 'network error';
        if (UNREACHABLE_CODES.has(code)) throw new SimapUnreachableError(url, code);
        throw new SimapNetworkError(url, code, error);
      }
      let body: string;
      try {
        body = await response.body.text();
      } catch (error) {
        throw new SimapNetworkError(url, errorCode(error) ?? 'body read failed', error);
      }
      if (response.statusCode >= 300) throw new SimapHttpError(url, response.statusCode, body);
      try {
        return JSON.parse(body) as unknown;
      } catch {
        throw new SimapInvalidResponseError(url, `body is not JSON (starts with ${JSON.stringify(body.slice(0, 40))})`);
      }
    };
    return options.queue ? options.queue.add(attempt, { signal: options.signal }) : attempt();
  }

  return {
    async searchProjects(query) {
      const params = new URLSearchParams();
      for (const subType of PROJECT_SUB_TYPES) params.append('projectSubTypes', subType);
      params.append('newestPublicationFrom', query.newestPublicationFrom);
      if (query.lastItem) params.append('lastItem', query.lastItem);
      const url = `${baseUrl}/publications/v2/project/project-search?${params.toString()}`;
      const parsed = SearchPage.safeParse(await getJson(url));
      if (!parsed.success) throw new SimapInvalidResponseError(url, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      return { url, page: parsed.data };
    },
    async getPublicationDetails(projectId, publicationId) {
      const url = `${baseUrl}/publications/v1/project/${encodeURIComponent(projectId)}/publication-details/${encodeURIComponent(publicationId)}`;
      const details = await getJson(url);
      if (typeof details !== 'object' || details === null || Array.isArray(details)) {
        throw new SimapInvalidResponseError(url, 'body is not a JSON object');
      }
      return { url, details };
    },
    async close() {
      await dispatcher.close();
    },
  };
}
