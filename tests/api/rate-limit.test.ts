import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { enforce } from '../../server/auth/rate-limit';
import { rateLimits } from '../../server/db/schema';
import { setupApi } from '../support/api';

const api = await setupApi();
const hitsOf = async (key: string) => (await api.ctx.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.hits ?? 0;

describe('enforce', () => {
  it('counts the attempt against every limit at once and refuses when any is over', async () => {
    const limits = [{ key: 'test:ip:a', max: 2, windowSeconds: 3600 }, { key: 'test:email:a', max: 5, windowSeconds: 60 }];
    await enforce(api.ctx, limits);
    await enforce(api.ctx, limits);
    await expect(enforce(api.ctx, limits)).rejects.toMatchObject({ status: 429 });
    // The refused attempt was counted against both, the one under its limit too.
    expect(await hitsOf('test:ip:a')).toBe(3);
    expect(await hitsOf('test:email:a')).toBe(3);
  });

  it('starts a limit afresh in its next window, each limit in its own', async () => {
    const limits = [{ key: 'test:ip:b', max: 1, windowSeconds: 3600 }, { key: 'test:email:b', max: 1, windowSeconds: 60 }];
    await enforce(api.ctx, limits);
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 120_000);
    // The minute's window is new, the hour's may not be: refused by the hour's alone.
    const hourMoved = Math.floor(api.ctx.clock.now.getTime() / 3_600_000) !== Math.floor((api.ctx.clock.now.getTime() - 120_000) / 3_600_000);
    if (hourMoved) await enforce(api.ctx, limits);
    else await expect(enforce(api.ctx, limits)).rejects.toMatchObject({ status: 429 });
    expect(await hitsOf('test:email:b')).toBe(1);
  });

  it('does nothing for no limits', async () => {
    await expect(enforce(api.ctx, [])).resolves.toBeUndefined();
  });
});
