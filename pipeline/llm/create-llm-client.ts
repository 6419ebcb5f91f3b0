import type OpenAI from 'openai';
import type { zodResponseFormat } from 'openai/helpers/zod';
import PQueue from 'p-queue';
import type { z } from 'zod';
import { LlmReplyError, LlmUnavailableError } from './llm-errors.ts';
import type { CallOptions, LlmPort, PairToScore, ProjectText } from './llm-port.ts';
import { PAIR_SCORE_FORMAT_NAME, PairScoreReply, scorePairMessages } from './score-pair-request.ts';
import { PROJECT_SUMMARIES_FORMAT_NAME, ProjectSummariesReply, summarizeProjectMessages } from './summarize-project-request.ts';

export interface LlmSettings {
  apiKey: string;
  baseUrl: string | undefined;
  model: string;
  /** Requests started per second (LLM_RPS), unless the options say otherwise. */
  requestsPerSecond?: number;
}

export interface LlmClientOptions {
  /** Requests in flight at once. */
  concurrency?: number;
  /** Requests started per second (default: the settings', else 30). */
  requestsPerSecond?: number;
  /** The SDK's retries of 408/409/429/5xx and timeouts; it honours Retry-After. */
  maxRetries?: number;
  timeoutMs?: number;
}

type Message = { role: 'system' | 'user'; content: string };

/** Attempts per task when the reply does not parse: the first one and one retry. */
const REPLY_ATTEMPTS = 2;

function describeProblem(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'reply'} ${issue.message}`).join('; ');
}

function parseReply<T>(schema: z.ZodType<T>, content: string | null | undefined): { ok: true; value: T } | { ok: false; problem: string } {
  if (!content) return { ok: false, problem: 'empty reply' };
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, problem: `not JSON: ${content.slice(0, 80)}` };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: describeProblem(parsed.error) };
}

interface OpenAiSdk {
  OpenAI: typeof OpenAI;
  zodResponseFormat: typeof zodResponseFormat;
}
let sdk: Promise<OpenAiSdk> | undefined;

/**
 * The SDK is read at the first request, not when the client is made: its ~190 modules cost a process ~0.5 s of
 * CPU, which every command that builds the stages (and the server) would pay even when no LLM is configured.
 */
function openAiSdk(): Promise<OpenAiSdk> {
  sdk ??= Promise.all([import('openai'), import('openai/helpers/zod')]).then(([openai, helpers]) => ({
    OpenAI: openai.default,
    zodResponseFormat: helpers.zodResponseFormat,
  }));
  return sdk;
}

/** The LLM port over any OpenAI-compatible endpoint (OpenAI, Azure, Ollama, vLLM). */
export function createLlmClient(settings: LlmSettings, options: LlmClientOptions = {}): LlmPort {
  let connected: Promise<{ sdk: OpenAiSdk; client: OpenAI }> | undefined;
  const connect = () =>
    (connected ??= openAiSdk().then((sdk) => ({
      sdk,
      client: new sdk.OpenAI({
        apiKey: settings.apiKey,
        baseURL: settings.baseUrl,
        maxRetries: options.maxRetries ?? 4,
        timeout: options.timeoutMs ?? 60_000,
      }),
    })));
  const perSecond = options.requestsPerSecond ?? settings.requestsPerSecond ?? 30;
  const queue = new PQueue({ concurrency: options.concurrency ?? 8, intervalCap: Math.max(1, Math.round(perSecond)), interval: 1000 });

  async function request(task: string, messages: Message[], format: ReturnType<OpenAiSdk['zodResponseFormat']>, call: CallOptions) {
    const { sdk, client } = await connect();
    try {
      return await queue.add(
        () => client.chat.completions.create({ model: settings.model, messages, temperature: 0, response_format: format }, { signal: call.signal }),
        { signal: call.signal },
      );
    } catch (error) {
      if (error instanceof sdk.OpenAI.APIError) throw new LlmUnavailableError(task, error.status, error);
      throw error;
    }
  }

  async function complete<T>(task: string, name: string, schema: z.ZodType<T>, messages: Message[], call: CallOptions): Promise<T> {
    const format = (await connect()).sdk.zodResponseFormat(schema, name);
    let problem = '';
    for (let attempt = 1; attempt <= REPLY_ATTEMPTS; attempt++) {
      const completion = await request(task, messages, format, call);
      if (completion.usage) call.onUsage?.(completion.usage.prompt_tokens, completion.usage.completion_tokens);
      const reply = parseReply(schema, completion.choices[0]?.message.content);
      if (reply.ok) return reply.value;
      problem = reply.problem;
    }
    throw new LlmReplyError(task, problem);
  }

  return {
    model: settings.model,
    scorePair: (pair: PairToScore, call: CallOptions = {}) =>
      complete(`project ${pair.project.id}`, PAIR_SCORE_FORMAT_NAME, PairScoreReply, scorePairMessages(pair), call),
    summarizeProject: (project: ProjectText, call: CallOptions = {}) =>
      complete(`the summary of project ${project.id}`, PROJECT_SUMMARIES_FORMAT_NAME, ProjectSummariesReply, summarizeProjectMessages(project), call),
  };
}
