import { eq } from 'drizzle-orm';
import type { AgentContact } from '../../contract/agents';
import type { DbOrTx } from '../db/client';
import { agentProfiles, users } from '../db/schema';

/**
 * The agency behind a booking as staff reach it: a booking's screen shows this much of the agent to staff who read
 * bookings, without opening the whole user record (users.read) to them. `agencyId`: the agency the booking
 * records; otherwise the booker's own agency (a branch user books for its agency), or the booker itself.
 */
export async function agencyContact(db: DbOrTx, bookerId: number | null, agencyId?: number | null): Promise<AgentContact | null> {
  if (bookerId === null) return null;
  const [booker] = await db.select({ id: users.id, name: users.name, email: users.email, agencyId: users.agencyId }).from(users).where(eq(users.id, bookerId)).limit(1);
  if (!booker) return null;
  const [a] = await db
    .select({ id: users.id, name: users.name, email: users.email, agentCode: users.agentCode, company: agentProfiles.companyName, contactPerson: agentProfiles.contactPerson, phone: agentProfiles.phone })
    .from(users)
    .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
    .where(eq(users.id, agencyId ?? booker.agencyId ?? booker.id))
    .limit(1);
  if (!a) return null;
  return {
    id: a.id, name: a.name, company_name: a.company, agent_code: a.agentCode, contact_person: a.contactPerson, email: a.email, phone: a.phone,
    booked_by: booker.id === a.id ? null : { name: booker.name, email: booker.email },
  };
}
