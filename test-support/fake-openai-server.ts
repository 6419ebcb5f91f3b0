import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  /** `json_schema.name` of the requested response format: `match_score` or `project_summaries`. */
  format: string | undefined;
  /** The notice title as the port sends it ("Title: …"), to count requests per project. */
  title: string | undefined;
}

export type FakeReply =
  | { json: unknown; usage?: { input: number; output: number } }
  | { content: string }
  | { status: number; retryAfterSeconds?: number; body?: unknown }
  | { hang: true };

export type Responder = (request: ChatRequest, index: number) => FakeReply | Promise<FakeReply>;

export interface FakeOpenAiServer {
  /** Base URL for the SDK (`…/v1`). */
  url: string;
  requests: ChatRequest[];
  /** Replaces the responder; `index` counts every request since the server started. */
  respondWith(responder: Responder): void;
  /** Requests whose notice title is `title`. */
  countFor(title: string): number;
  close(): Promise<void>;
}

/** A plausible valid reply for each task, so tests only script what they care about. */
export const defaultResponder: Responder = (request) => {
  if (request.format === 'project_summaries') {
    const about = request.title ?? 'the notice';
    return {
      json: {
        fr: `Résumé en français de ${about}. Le marché est décrit dans l'avis.`,
        de: `Deutsche Zusammenfassung von ${about}. Der Auftrag ist in der Ausschreibung beschrieben.`,
        it: `Riassunto in italiano di ${about}. Il mandato è descritto nel bando.`,
        en: `English summary of ${about}. The contract is described in the notice.`,
      },
    };
  }
  return { json: { score: 80, explanation: `LLM: ${request.title ?? 'the notice'} fits the alert.` } };
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function parseRequest(body: string): ChatRequest {
  const json = JSON.parse(body) as { model: string; messages: ChatRequest['messages']; response_format?: { json_schema?: { name?: string } } };
  const user = json.messages.find((m) => m.role === 'user')?.content ?? '';
  return { model: json.model, messages: json.messages, format: json.response_format?.json_schema?.name, title: /^Title: (.*)$/m.exec(user)?.[1] };
}

function completion(model: string, content: string, usage = { input: 100, output: 20 }) {
  return {
    id: `chatcmpl-fake-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content, refusal: null } }],
    usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A local OpenAI-compatible endpoint (POST /v1/chat/completions) that the real `openai` SDK talks to. */
export async function startFakeOpenAiServer(responder: Responder = defaultResponder): Promise<FakeOpenAiServer> {
  let current = responder;
  const requests: ChatRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) return send(res, 404, { error: { message: 'not found' } });
      const request = parseRequest(await readBody(req));
      const index = requests.push(request) - 1;
      const reply = await current(request, index);
      if ('hang' in reply) {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if ('status' in reply) {
        const headers: Record<string, string> = reply.retryAfterSeconds === undefined ? {} : { 'retry-after': String(reply.retryAfterSeconds) };
        return send(res, reply.status, reply.body ?? { error: { message: `scripted ${reply.status}`, type: 'fake' } }, headers);
      }
      const content = 'json' in reply ? JSON.stringify(reply.json) : reply.content;
      send(res, 200, completion(request.model, content, 'json' in reply ? reply.usage : undefined));
    })().catch((error: unknown) => send(res, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    respondWith: (next) => {
      current = next;
    },
    countFor: (title) => requests.filter((r) => r.title === title).length,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
