import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AgentContact } from '../../contract/agents';
import type { DbOrTx } from '../db/client';
import { agentProfiles, users } from '../db/schema';

const agency = alias(users, 'agency');

/**
 * The agency behind a booking as staff reach it: a booking's screen shows this much of the agent to staff who read
 * bookings, without opening the whole user record (users.read) to them. `agencyId`: the agency the booking
 * records; otherwise the booker's own agency (a branch user books for its agency), or the booker itself.
 */
export async function agencyContact(db: DbOrTx, bookerId: number | null, agencyId?: number | null): Promise<AgentContact | null> {
  if (bookerId === null) return null;
  // One statement: the booker, and the agency it booked for (the recorded one, its own, or itself) with its profile.
  const [a] = await db
    .select({
      bookerId: users.id, bookerName: users.name, bookerEmail: users.email,
      id: agency.id, name: agency.name, email: agency.email, agentCode: agency.agentCode, company: agentProfiles.companyName, contactPerson: agentProfiles.contactPerson, phone: agentProfiles.phone,
    })
    .from(users)
    .innerJoin(agency, sql`${agency.id} = coalesce(${agencyId ?? null}::int, ${users.agencyId}, ${users.id})`)
    .leftJoin(agentProfiles, eq(agentProfiles.userId, agency.id))
    .where(eq(users.id, bookerId))
    .limit(1);
  if (!a) return null;
  return {
    id: a.id, name: a.name, company_name: a.company, agent_code: a.agentCode, contact_person: a.contactPerson, email: a.email, phone: a.phone,
    booked_by: a.bookerId === a.id ? null : { name: a.bookerName, email: a.bookerEmail },
  };
}
