/**
 * Back-office users: staff add a customer, an agent and a staff member, change the staff member, suspend and
 * reactivate the agent, keep its profile, add a branch user to its agency and deactivate it, set its credit limit,
 * then delete every account they made. The API deletes softly: each stays on record as deleted.
 */
import type { Happy } from './runner';

export async function backOfficeUsers(h: Happy) {
  const password = `Conformance-${h.run}-1`;
  const made: number[] = [];
  try {
    const customer = await h.data<{ id: number }>('admin', 'POST /api/users', { name: h.name('Customer'), email: h.email('staff-customer'), password, role: 'customer' });
    made.push(customer.id);
    const agent = await h.data<{ id: number }>('admin', 'POST /api/save-admin-agent', {
      name: h.name('Agent'), email: h.email('staff-agent'), password, company_name: h.name('Agency'), phone: '+92 21 3456 7002',
    });
    made.push(agent.id);
    const staff = await h.data<{ id: number }>('admin', 'POST /api/add-staff', { name: h.name('Analyst'), email: h.email('staff'), password, role: 'analyst' });
    made.push(staff.id);
    await h.write('admin', 'POST /api/update-staff', { id: staff.id, name: h.name('Analyst renamed'), email: h.email('staff'), role: 'analyst' });

    await h.write('admin', 'PUT /api/update-status/{id}', { status: 'suspended', reason: 'Conformance' }, { id: agent.id });
    await h.write('admin', 'PUT /api/update-status', { status: 'active' }, { id: agent.id });
    await h.write('admin', 'POST /api/update-agents-data', { user_id: agent.id, company_name: h.name('Agency renamed'), phone: '+92 21 3456 7003' });

    const branch = await h.data<{ id: number }>('admin', 'POST /api/agents/{id}/users', { name: h.name('Booker'), email: h.email('booker'), agency_role: 'booker' }, { id: agent.id });
    made.push(branch.id);
    await h.write('admin', 'PATCH /api/agents/{id}/users/{userId}', { status: 'suspended' }, { id: agent.id, userId: branch.id });
    await h.write('accounts', 'PUT /api/agents/{id}/credit', { limit: '1000.00' }, { id: agent.id });
  } finally {
    const [first, ...rest] = made;
    if (first) await h.write('admin', 'DELETE /api/users/{id}', undefined, { id: first });
    for (const id of rest) await h.write('admin', 'DELETE /api/users', undefined, { id });
  }
}
