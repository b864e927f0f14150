import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { heldBooking, withFakeFlights } from '../support/fixtures';
import { notifications, outbox } from '../../server/db/schema';
import { warnExpiringHolds } from '../../server/notifications/holds';

/** The hold-expiring job on several servers at once (separate PostgreSQL connections): one notice, one mail, per recipient. */
const api = await setupApi();
const offer = withFakeFlights(api);

describe('PostgreSQL: hold-expiring notices', () => {
  it('four job runs at once write each recipient one notice and queue one mail', async () => {
    for (let round = 0; round < 3; round++) {
      const b = await heldBooking(await api.as('agent'), offer);
      await Promise.all([1, 2, 3, 4].map(() => warnExpiringHolds(api.ctx)));
      const rows = await api.db.select().from(notifications).where(and(eq(notifications.subjectId, b.id), eq(notifications.dedupeKey, `hold-expiring:${b.id}`)));
      const perUser = new Map<number, number>();
      for (const r of rows) perUser.set(r.userId, (perUser.get(r.userId) ?? 0) + 1);
      expect([...perUser.values()].every((n) => n === 1)).toBe(true);
      expect(rows.filter((r) => r.kind === 'hold_expiring')).toHaveLength(1);
      expect(rows.filter((r) => r.kind === 'agent_hold_expiring').length).toBeGreaterThanOrEqual(2); // admin and reservation
      const mails = await api.db.select().from(outbox).where(like(outbox.subject, `%${b.pnr}%expires%`));
      expect(mails).toHaveLength(rows.length);
    }
  });
});
