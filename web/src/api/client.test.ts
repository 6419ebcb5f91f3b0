import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGetPage, apiRequest, getQueryFn } from './client.ts';
import { describeError } from '../lib/error-text.ts';
import type { TFunction } from 'i18next';

function respond(status: number, body: string, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(
    async () => new Response(body === '' ? null : body, { status, statusText: status === 500 ? 'Internal Server Error' : 'OK', headers }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends credentials always and a JSON body only when given', async () => {
    const fetchMock = respond(200, '{"ok":true}');
    await apiRequest('GET', '/api/stats');
    await apiRequest('POST', '/api/alerts', { prompt: 'x' });
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]?.[1]).toEqual({ method: 'GET', credentials: 'include' });
    expect(calls[1]?.[1]).toMatchObject({ method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{"prompt":"x"}' });
  });

  it('turns a non-2xx answer into `status: text` carrying the parsed { error, message }', async () => {
    respond(400, '{"error":"validation_failed","message":"Prompt must be at least 10 characters"}');
    const error = await apiRequest('POST', '/api/alerts', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('400: {"error":"validation_failed","message":"Prompt must be at least 10 characters"}');
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('validation_failed');
    expect(apiError.serverMessage).toBe('Prompt must be at least 10 characters');
  });

  it('uses the status text when the body is empty', async () => {
    respond(500, '');
    await expect(apiRequest('GET', '/api/stats')).rejects.toThrow('500: Internal Server Error');
  });

  it('reads the total from X-Total-Count', async () => {
    respond(200, '[{"id":1},{"id":2}]', { 'X-Total-Count': '1234' });
    await expect(apiGetPage('/api/projects?limit=2')).resolves.toEqual({ items: [{ id: 1 }, { id: 2 }], total: 1234 });
  });

  it('turns a 401 into null for the current user', async () => {
    respond(401, '{"error":"unauthorized","message":"You must be logged in"}');
    const queryFn = getQueryFn({ on401: 'returnNull' });
    await expect(queryFn({ queryKey: ['/api/user'] } as never)).resolves.toBeNull();
  });

  it("describes an error in the user's language by its code, never with the server's English or the status", () => {
    const t = ((key: string) =>
      ({
        'errors.codes.rate_limited': 'Trop de requêtes',
        'validation.promptMin': 'Au moins 10 caractères',
        'errors.server': 'Erreur du serveur',
        'errors.badRequest': 'Requête refusée',
        'errors.network': 'Serveur injoignable',
        'errors.unexpected': 'Erreur inattendue',
      })[key] ?? key) as unknown as TFunction;
    expect(describeError(t, new ApiError(429, '{}', { error: 'rate_limited', message: 'Too many requests' }))).toBe('Trop de requêtes');
    expect(describeError(t, new ApiError(400, '{}', { error: 'validation_failed', message: 'Prompt must be at least 10 characters' }))).toBe(
      'Au moins 10 caractères',
    );
    expect(describeError(t, new ApiError(409, '{}', { error: 'something_new', message: 'Server says no' }))).toBe('Erreur inattendue');
    expect(describeError(t, new ApiError(400, '{}', { error: 'validation_failed', message: 'limit must be at most 100' }))).toBe('Requête refusée');
    expect(describeError(t, new ApiError(502, 'Bad Gateway', null))).toBe('Erreur du serveur');
    expect(describeError(t, new TypeError('Failed to fetch'))).toBe('Serveur injoignable');
    expect(describeError(t, new Error('boom'))).toBe('Erreur inattendue');
  });
});
