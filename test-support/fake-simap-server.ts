import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { SimapProject } from './simap-pages.ts';

type Json = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  /** Path and query exactly as the client sent them. */
  rawUrl: string;
  path: string;
  query: URLSearchParams;
  at: number;
}

export type Fault =
  | { kind: 'status'; status: number; retryAfter?: string; body?: string }
  | { kind: 'delay'; ms: number }
  | { kind: 'reset' }
  | { kind: 'malformed' }
  /** Holds the request unanswered and calls `onBlocked`; used to kill a client at a known point. */
  | { kind: 'block'; onBlocked: (request: RecordedRequest) => void }
  /** Answers normally once `until` resolves: keeps a run going for as long as a test needs. */
  | { kind: 'hold'; until: Promise<void> };

export interface FaultRule {
  match: (request: RecordedRequest) => boolean;
  fault: Fault;
  /** How many matching requests get the fault; unlimited when omitted. */
  times?: number;
}

export interface FakeSimapServer {
  /** Base URL to use as SIMAP_BASE_URL (ends in /api). */
  url: string;
  requests: RecordedRequest[];
  setProjects(projects: SimapProject[]): void;
  /** Adds or replaces a project (by id): a newer publication of a known project replaces its search entry. */
  putProject(project: SimapProject): void;
  inject(rule: FaultRule): void;
  clearFaults(): void;
  searchRequests(): RecordedRequest[];
  detailRequests(): RecordedRequest[];
  close(): Promise<void>;
}

export const SEARCH_PATH = '/api/publications/v2/project/project-search';
const DETAILS_PATH = /^\/api\/publications\/v1\/project\/([^/]+)\/publication-details\/([^/]+)$/;
const PAGE_SIZE = 20;

function sortKey(entry: Json): [string, number] {
  return [(entry.publicationDate as string).replaceAll('-', ''), Number(entry.projectNumber)];
}

function before(a: [string, number], b: [string, number]): boolean {
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** A local simap.ch: project search with rolling pagination and publication details, from generated or recorded JSON. */
export async function startFakeSimapServer(projects: SimapProject[] = []): Promise<FakeSimapServer> {
  const entries = new Map<string, Json>();
  const details = new Map<string, Json>();
  const requests: RecordedRequest[] = [];
  let rules: FaultRule[] = [];
  const sockets = new Set<Socket>();
  const held = new Set<ServerResponse>();

  const putProject = (project: SimapProject) => {
    const id = project.entry.id as string;
    entries.set(id, project.entry);
    for (const [publicationId, json] of project.details) details.set(`${id}/${publicationId}`, json);
  };

  function search(query: URLSearchParams): { status: number; body: unknown } {
    if (!query.get('search') && query.getAll('projectSubTypes').length === 0) {
      return { status: 400, body: { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'either search or a quick filter is required' } };
    }
    const from = query.get('newestPublicationFrom');
    if (from && !/^\d{4}-\d{2}-\d{2}$/.test(from)) return { status: 400, body: { title: 'Bad Request', status: 400, detail: `invalid date ${from}` } };
    const subTypes = new Set(query.getAll('projectSubTypes'));
    const lastItem = query.get('lastItem');
    const cursor = lastItem ? (lastItem.split('|') as [string, string]) : null;
    const sorted = [...entries.values()]
      .filter((entry) => !from || (entry.publicationDate as string) >= from)
      .filter((entry) => subTypes.size === 0 || subTypes.has(entry.projectSubType as string))
      .sort((a, b) => (before(sortKey(a), sortKey(b)) ? 1 : before(sortKey(b), sortKey(a)) ? -1 : 0));
    const after = cursor ? sorted.filter((entry) => before(sortKey(entry), [cursor[0], Number(cursor[1])])) : sorted;
    const page = after.slice(0, PAGE_SIZE);
    const last = page.at(-1);
    return {
      status: 200,
      body: { projects: page, pagination: { lastItem: last ? sortKey(last).join('|') : (lastItem ?? ''), itemsPerPage: PAGE_SIZE } },
    };
  }

  function answer(request: RecordedRequest, res: ServerResponse): void {
    if (request.path === SEARCH_PATH) {
      const { status, body } = search(request.query);
      sendJson(res, status, body);
      return;
    }
    const match = DETAILS_PATH.exec(request.path);
    const found = match ? details.get(`${decodeURIComponent(match[1]!)}/${decodeURIComponent(match[2]!)}`) : undefined;
    if (found) sendJson(res, 200, found);
    else sendJson(res, 404, { title: 'Not Found', status: 404 });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: RecordedRequest = { method: req.method ?? 'GET', rawUrl: req.url ?? '/', path: url.pathname, query: url.searchParams, at: Date.now() };
    requests.push(request);
    const rule = rules.find((r) => (r.times === undefined || r.times > 0) && r.match(request));
    if (rule) {
      if (rule.times !== undefined) rule.times -= 1;
      const fault = rule.fault;
      switch (fault.kind) {
        case 'status':
          res.writeHead(fault.status, { 'content-type': 'application/json', ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}) });
          res.end(fault.body ?? JSON.stringify({ status: fault.status, title: 'injected failure' }));
          return;
        case 'delay':
          await new Promise((resolve) => setTimeout(resolve, fault.ms));
          break;
        case 'reset':
          req.socket.destroy();
          return;
        case 'malformed':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"projects": [ {"id": "truncated');
          return;
        case 'block':
          held.add(res);
          fault.onBlocked(request);
          return;
        case 'hold':
          await fault.until;
          break;
      }
    }
    if (!res.destroyed) answer(request, res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { title: String(error) });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  for (const project of projects) putProject(project);

  return {
    url: `http://127.0.0.1:${port}/api`,
    requests,
    setProjects(next) {
      entries.clear();
      details.clear();
      for (const project of next) putProject(project);
    },
    putProject,
    inject(rule) {
      rules.push(rule);
    },
    clearFaults() {
      rules = [];
    },
    searchRequests: () => requests.filter((r) => r.path === SEARCH_PATH),
    detailRequests: () => requests.filter((r) => DETAILS_PATH.test(r.path)),
    async close() {
      for (const res of held) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function isSearch(request: RecordedRequest): boolean {
  return request.path === SEARCH_PATH;
}

export function isDetails(request: RecordedRequest, publicationId?: string): boolean {
  const match = DETAILS_PATH.exec(request.path);
  return Boolean(match) && (publicationId === undefined || match![2] === publicationId);
}
