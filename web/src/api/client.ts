import { QueryClient } from '@tanstack/react-query';
import type { QueryFunction } from '@tanstack/react-query';

/** The `{ error, message }` body every API error carries (docs/architecture.md, docs/style.md §7). */
export interface ApiErrorBody {
  error?: string;
  message?: string;
  [key: string]: unknown;
}

/**
 * A non-2xx answer. `message` is `${status}: ${text}` as docs/product.md §8 asks; `code` and
 * `serverMessage` let the UI show the localised text for the code.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, text: string, body: ApiErrorBody | null) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): string | undefined {
    return typeof this.body?.error === 'string' ? this.body.error : undefined;
  }

  get serverMessage(): string | undefined {
    return typeof this.body?.message === 'string' ? this.body.message : undefined;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

function parseBody(text: string): ApiErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ApiErrorBody) : null;
  } catch {
    return null;
  }
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text().catch(() => '')) || response.statusText;
  throw new ApiError(response.status, text, parseBody(text));
}

/** Sends credentials always; a JSON content type and body only when a body is given. */
export async function apiFetch(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  await throwIfNotOk(response);
  return response;
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export async function apiRequest<T = unknown>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  return readJson<T>(await apiFetch(method, url, body));
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** A list whose total comes in the `X-Total-Count` header (project search). */
export async function apiGetPage<T>(url: string): Promise<Page<T>> {
  const response = await apiFetch('GET', url);
  const items = (await readJson<T[]>(response)) ?? [];
  const header = response.headers.get('X-Total-Count');
  const total = header !== null && header !== '' && Number.isFinite(Number(header)) ? Number(header) : items.length;
  return { items, total };
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Default query: the first element of the key is the URL; `on401: 'returnNull'` turns a 401 into null. */
export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const url = String(queryKey[0]);
    try {
      return await apiRequest<T>('GET', url);
    } catch (error) {
      if (options.on401 === 'returnNull' && isUnauthorized(error)) return null;
      throw error;
    }
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
