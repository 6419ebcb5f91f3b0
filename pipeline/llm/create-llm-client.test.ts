import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultResponder, startFakeOpenAiServer, type FakeOpenAiServer } from '../../test-support/fake-openai-server.ts';
import { createLlmClient } from './create-llm-client.ts';
import { LlmReplyError, LlmUnavailableError } from './llm-errors.ts';
import type { PairToScore, ProjectText } from './llm-port.ts';

const project: ProjectText = {
  id: 7,
  language: 'de',
  title: 'Wartung der Turmuhren, Stadtkirche Aarau',
  description: 'Revision von 3 Turmuhren und 6 Zifferblättern.',
  cpvCodes: ['50432000'],
  organization: 'Stadt Aarau',
  location: 'Aarau',
  canton: 'AG',
  deadline: new Date('2026-03-01T00:00:00Z'),
};
const pair: PairToScore = { prompt: 'entretien des horloges de clocher en Argovie', language: 'fr', project };

let server: FakeOpenAiServer;

beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(() => server.close());

function client(options: { timeoutMs?: number; maxRetries?: number } = {}) {
  return createLlmClient(
    { apiKey: 'test', baseUrl: server.url, model: 'fake-model' },
    { maxRetries: options.maxRetries ?? 2, timeoutMs: options.timeoutMs ?? 5000 },
  );
}

describe('createLlmClient', () => {
  it('returns a parsed score and reports the tokens used', async () => {
    server.respondWith(() => ({ json: { score: 73, explanation: 'Horloges de clocher en Argovie.' }, usage: { input: 120, output: 15 } }));
    const usage: number[][] = [];
    const result = await client().scorePair(pair, { onUsage: (input, output) => usage.push([input, output]) });
    expect(result).toEqual({ score: 73, explanation: 'Horloges de clocher en Argovie.' });
    expect(usage).toEqual([[120, 15]]);
    const sent = server.requests.at(-1)!;
    expect(sent.format).toBe('match_score');
    expect(sent.model).toBe('fake-model');
    expect(sent.messages[0]!.content).toContain('French');
  });

  it('starts no more requests per second than its settings allow (LLM_RPS)', async () => {
    const arrivals: number[] = [];
    server.respondWith((request) => {
      arrivals.push(performance.now());
      return defaultResponder(request, 0);
    });
    const limited = createLlmClient({ apiKey: 'test', baseUrl: server.url, model: 'fake-model', requestsPerSecond: 2 }, { maxRetries: 0, timeoutMs: 5000 });
    await Promise.all(Array.from({ length: 3 }, () => limited.scorePair(pair)));
    // Two in the first second, the third only in the next: a slow machine can only make the gap longer.
    expect(arrivals).toHaveLength(3);
    expect(arrivals[2]! - arrivals[0]!).toBeGreaterThanOrEqual(900);
    server.respondWith(defaultResponder);
  });

  it('retries a reply that does not parse once, then succeeds', async () => {
    const before = server.requests.length;
    server.respondWith((_request, index) => (index === before ? { content: 'Sure! The score is 80.' } : { json: { score: 80, explanation: 'ok' } }));
    await expect(client().scorePair(pair)).resolves.toEqual({ score: 80, explanation: 'ok' });
    expect(server.requests.length - before).toBe(2);
  });

  it('gives up with LlmReplyError after two bad replies (out-of-range score, garbage)', async () => {
    const before = server.requests.length;
    server.respondWith((_request, index) => (index === before ? { json: { score: 140, explanation: 'too much' } } : { content: '{"score":' }));
    await expect(client().scorePair(pair)).rejects.toBeInstanceOf(LlmReplyError);
    expect(server.requests.length - before).toBe(2);
  });

  it('honours 429 with Retry-After through the SDK retries', async () => {
    const before = server.requests.length;
    server.respondWith((request, index) => (index === before ? { status: 429, retryAfterSeconds: 1 } : defaultResponder(request, index)));
    const started = Date.now();
    await expect(client().scorePair(pair)).resolves.toMatchObject({ score: 80 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(server.requests.length - before).toBe(2);
  });

  it('surfaces persistent 5xx as LlmUnavailableError', async () => {
    server.respondWith(() => ({ status: 503, retryAfterSeconds: 0 }));
    await expect(client({ maxRetries: 1 }).scorePair(pair)).rejects.toBeInstanceOf(LlmUnavailableError);
  });

  it('times out a hanging endpoint', async () => {
    server.respondWith(() => ({ hang: true }));
    await expect(client({ timeoutMs: 200, maxRetries: 0 }).scorePair(pair)).rejects.toThrow(/timed out/i);
  });

  it('summarises a project in four languages', async () => {
    server.respondWith(defaultResponder);
    const summaries = await client().summarizeProject(project);
    expect(Object.keys(summaries).sort()).toEqual(['de', 'en', 'fr', 'it']);
    expect(server.requests.at(-1)!.format).toBe('project_summaries');
    expect(server.requests.at(-1)!.title).toBe(project.title);
  });
});
