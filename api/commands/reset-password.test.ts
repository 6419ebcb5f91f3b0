import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../../test-support/api-client.ts';

const hashCalls = vi.hoisted(() => ({ count: 0 }));

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof Argon2>();
  return {
    ...actual,
    hash: (...args: Parameters<typeof actual.hash>) => {
      hashCalls.count += 1;
      return actual.hash(...args);
    },
  };
});

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('POST /api/reset-password', () => {
  it('checks the token before spending an argon2 hash on the new password', async () => {
    const before = hashCalls.count;
    for (let i = 0; i < 5; i += 1) {
      const response = await api.client().post('/api/reset-password', { token: `made-up-${i}`, newPassword: 'violet canyon 1984' });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_token');
    }
    expect(hashCalls.count - before).toBe(0);
  });

  it('hashes once for a real token', async () => {
    const user = await api.signUp();
    await api.client().post('/api/forgot-password', { email: user.email });
    await api.background.settle();
    const token = api.mailer.tokenFor(user.email, '/reset-password');
    const before = hashCalls.count;
    expect((await api.client().post('/api/reset-password', { token, newPassword: 'violet canyon 1984' })).status).toBe(200);
    expect(hashCalls.count - before).toBe(1);
  });
});
