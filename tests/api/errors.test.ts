import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';

const api = await setupApi({ bodyLimitBytes: 1024 });
api.app.get('/boom', () => {
  throw new Error('secret internals');
});

describe('error handling', () => {
  it('answers an unexpected failure with 500, a request id and no stack trace', async () => {
    const res = await api.client().get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Something went wrong.', request_id: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toContain('secret internals');
  });

  it('refuses a body over the size limit with 413', async () => {
    const c = await api.client().csrf();
    const res = await c.post('/api/login', { email: 'a@b.co', password: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/);
  });

  it('names a missing field in words', async () => {
    const c = await api.client().csrf();
    const res = await c.post('/api/email/verify', {});
    expect(res.status).toBe(422);
    expect(res.body.errors.signature[0]).toBeTruthy();
  });
});
