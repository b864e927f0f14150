import { beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, setupApi, type TestClient } from '../support/api';
import { expectRoleMatrix, identities, newAgent } from '../support/agents';
import { STAFF_ROLES } from '../../contract/auth';

const api = await setupApi();
const as = identities(api);
let admin: TestClient;
beforeAll(async () => { admin = await as('admin'); });
let n = 0;
const email = (p: string) => `${p}-${Date.now().toString(36)}-${n++}@test.safar`;

describe('agent onboarding and approval', () => {
  it('register → add details → staff approve (mail) → agent area opens', async () => {
    const c = await api.client().csrf();
    const addr = email('onboard');
    const reg = await c.post('/api/agents', { name: 'Nadia', email: addr, password: 'Agent-pass-1', password_confirmation: 'Agent-pass-1', company_name: 'Sky Wings', phone: '+92 300 7654321' });
    expect(reg.status).toBe(201);
    const id = reg.body.data.user.id;
    // The person who registered is the contact until the profile names another.
    expect((await c.get('/api/agentsData')).body.data).toMatchObject({ company_name: 'Sky Wings', phone: '+92 300 7654321', contact_person: 'Nadia' });
    // Unapproved: may complete the profile, nothing else.
    const details = await c.post('/api/update-agents-data', { company_name: 'Sky Wings Travel', phone: '+92 300 7654321', licence_no: 'DTS-1234', address: '12 Main Blvd', city: 'Lahore', country: 'pk', contact_person: 'Nadia', website: 'https://skywings.example' });
    expect(details).toMatchObject({ status: 200, body: { message: 'Agent details saved successfully', data: { company_name: 'Sky Wings Travel', country: 'PK', complete: true, is_approved: '0' } } });
    expect((await c.get('/api/agentsData')).body.data.licence_no).toBe('DTS-1234');
    expect((await c.get('/api/get-deposit-data')).status).toBe(403);
    // Staff see the pending agent and approve.
    const pending = await admin.get('/api/users', { role: 'agent', is_approved: '0', search: 'Sky Wings' });
    expect(pending.body.data.map((u: { id: number }) => u.id)).toContain(id);
    expect((await admin.get(`/api/agentsData/${id}`)).body.data.company_name).toBe('Sky Wings Travel');
    const ok = await admin.put(`/api/update-status/${id}`, { is_approved: '1' });
    expect(ok).toMatchObject({ status: 200, body: { message: 'User has been updated successfully', data: { is_approved: '1', company_name: 'Sky Wings Travel' } } });
    expect((await mailsTo(api.db, addr))[0]).toMatchObject({ kind: 'agent-approved', subject: 'Your agent account has been approved' });
  });

  it('rejects with a reason the agent sees, and mails it', async () => {
    const agent = await newAgent(api, admin);
    const res = await admin.put(`/api/update-status/${agent.id}`, { is_approved: '0', reason: 'Licence number missing' });
    expect(res.status).toBe(200);
    expect((await agent.client.get('/api/agentsData')).body.data).toMatchObject({ is_approved: '0', rejection_reason: 'Licence number missing' });
    const mail = (await mailsTo(api.db, agent.email))[0];
    expect(mail.kind).toBe('agent-rejected');
    expect(mail.textBody).toContain('Licence number missing');
  });

  it('soft-deletes a user through the status call (and DELETE /users): sessions end, login refused, hidden from lists', async () => {
    const agent = await newAgent(api, admin);
    const del = await admin.put(`/api/update-status/${agent.id}`, { status: 'deleted' });
    expect(del.body.message).toBe('User deleted successfully');
    expect((await agent.client.get('/api/user')).body.data).toBeNull();
    expect((await (await api.client().csrf()).post('/api/login', { email: agent.email, password: 'Agent-pass-1' })).status).toBe(401);
    const list = await admin.get('/api/users', { role: 'agent', per_page: 100 });
    expect(list.body.data.some((u: { id: number }) => u.id === agent.id)).toBe(false);
    expect((await admin.get('/api/users', { status: 'deleted' })).body.data.some((u: { id: number }) => u.id === agent.id)).toBe(true);
    const other = await newAgent(api, admin);
    expect((await admin.delete(`/api/users/${other.id}`)).body.message).toBe('User deleted successfully');
    expect((await admin.delete(`/api/users/${other.id}`)).status).toBe(404);
  });

  it('answers 422 for an empty or bad status update, 404 for unknown users, 403 for deleting oneself', async () => {
    const agent = await newAgent(api, admin);
    expect((await admin.put(`/api/update-status/${agent.id}`, {})).status).toBe(422);
    expect((await admin.put(`/api/update-status/${agent.id}`, { is_approved: 'yes' })).body.errors.is_approved).toBeTruthy();
    expect((await admin.put(`/api/update-status/${agent.id}`, { status: 'gone' })).body.errors.status).toBeTruthy();
    expect((await admin.put('/api/update-status/999999', { status: 'active' })).status).toBe(404);
    const me = (await admin.get('/api/user')).body.data.id;
    expect((await admin.put(`/api/update-status/${me}`, { status: 'deleted' })).status).toBe(403);
  });

  it('validates the agent details', async () => {
    const agent = await newAgent(api, admin);
    const bad = await agent.client.post('/api/update-agents-data', { company_name: '', phone: 'x', country: 'Pakistan', website: 'ftp://x', logo_file: 'nope.png' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['company_name', 'country', 'phone', 'website']);
    const logo = await agent.client.post('/api/update-agents-data', { company_name: 'X', phone: '+92 300 1234567', logo_file: '0123456789abcdef0123456789abcdef.png' });
    expect(logo.status).toBe(422);
    expect(logo.body.errors.logo_file).toBeTruthy();
    const other = await newAgent(api, admin);
    expect((await agent.client.post('/api/update-agents-data', { user_id: other.id, company_name: 'Hijack', phone: '+92 300 1234567' })).status).toBe(404);
    expect((await agent.client.get(`/api/agentsData/${other.id}`)).status).toBe(404);
  });

  it('settings: name, phone, own markup and a password change', async () => {
    const agent = await newAgent(api, admin);
    const wrong = await agent.client.post('/api/agent-profile', { name: 'New Name', new_password: 'Another-pass-2', new_password_confirmation: 'Another-pass-2', current_password: 'wrong' });
    expect(wrong.body.errors.current_password[0]).toBe('The current password is not correct.');
    expect((await agent.client.post('/api/agent-profile', { name: 'N', new_password: 'Another-pass-2', new_password_confirmation: 'x', current_password: 'Agent-pass-1' })).body.errors.new_password_confirmation).toBeTruthy();
    expect((await agent.client.post('/api/agent-profile', { name: '' })).body.errors.name).toBeTruthy();
    const ok = await agent.client.post('/api/agent-profile', { name: 'New Name', phone: '+92 321 0000000', own_markup: '750', current_password: 'Agent-pass-1', new_password: 'Another-pass-2', new_password_confirmation: 'Another-pass-2' });
    expect(ok.body).toMatchObject({ message: 'Profile updated successfully', data: { name: 'New Name', phone: '+92 321 0000000', own_markup: { amount: '750.00' } } });
    await api.client().login(agent.email, 'Another-pass-2');
  });

  it('role matrix of the agent-profile calls', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/agentsData'), { agent: 200, unapprovedAgent: 200, admin: 404 });
    await expectRoleMatrix(as, (c) => c.post('/api/update-agents-data', { company_name: 'Oasis Tours', phone: '+92 21 3456 7890' }), { agent: 200, unapprovedAgent: 200, admin: 404 });
    await expectRoleMatrix(as, (c) => c.post('/api/agent-profile', { name: 'Same Name' }), { agent: 200, unapprovedAgent: 200 });
  });
});

describe('users and staff', () => {
  it('creates customers and agents (POST /users, /save-admin-agent) with "User saved successfully"', async () => {
    const cust = await admin.post('/api/users', { name: 'Cust', email: email('c'), password: 'Customer-1' });
    expect(cust).toMatchObject({ status: 201, body: { message: 'User saved successfully', data: { role: 'customer' } } });
    const ag = await admin.post('/api/users', { name: 'Ag', email: email('a'), password: 'Agent-pass-1', role: 'agent', company_name: 'Co', phone: '+92 300 1111111' });
    expect(ag.body.data).toMatchObject({ role: 'agent', is_approved: '1', agent_code: expect.stringMatching(/^AGN-/) });
    const noCo = await admin.post('/api/users', { name: 'Ag', email: email('a'), password: 'Agent-pass-1', role: 'agent' });
    expect(Object.keys(noCo.body.errors).sort()).toEqual(['company_name', 'phone']);
    const dup = await admin.post('/api/users', { name: 'Dup', email: 'agent@demo.safar', password: 'Customer-1' });
    expect(dup.body.errors.email[0]).toBe('This email is already registered.');
    expect((await admin.post('/api/users', { name: '', email: 'bad', password: 'short' })).body.errors).toMatchObject({ name: expect.any(Array), email: expect.any(Array), password: expect.any(Array) });
    expect((await admin.post('/api/save-admin-agent', { name: 'X', email: email('x'), password: 'Agent-pass-1' })).body.errors.company_name).toBeTruthy();
  });

  it('adds and updates staff with the specified messages', async () => {
    const addr = email('staff');
    const add = await admin.post('/api/add-staff', { name: 'Zara', email: addr, password: 'Staff-pass-1', role: 'accounts' });
    expect(add).toMatchObject({ status: 201, body: { message: 'Staff member saved successfully.', data: { role: 'accounts' } } });
    const bad = await admin.post('/api/add-staff', { name: 'Zara', email: addr, password: 'Staff-pass-1', role: 'agent' });
    expect(bad.body).toMatchObject({ message: 'Staff creation failed.', errors: { role: ['Choose a role.'] } });
    expect((await admin.post('/api/add-staff', { name: 'Zara', email: addr, password: 'Staff-pass-1', role: 'accounts' })).body.message).toBe('Staff creation failed.');
    const upd = await admin.post('/api/update-staff', { id: add.body.data.id, name: 'Zara K', email: addr, role: 'reservation' });
    expect(upd.body).toMatchObject({ message: 'Staff member updated successfully.', data: { name: 'Zara K', role: 'reservation' } });
    const agent = await newAgent(api, admin);
    expect((await admin.post('/api/update-staff', { id: agent.id, name: 'X', email: agent.email, role: 'admin' })).status).toBe(404);
    expect((await admin.post('/api/update-staff', { id: add.body.data.id, name: 'Zara', email: 'admin@demo.safar', role: 'admin' })).body.errors.email).toBeTruthy();
    const staff = await admin.get('/api/users', { role: 'staff', per_page: 100 });
    expect(staff.body.data.every((u: { role: string }) => (STAFF_ROLES as readonly string[]).includes(u.role))).toBe(true);
    expect(staff.body.data.map((u: { email: string }) => u.email)).toContain('analyst@demo.safar');
    // An analyst is staff too: the admin may add one.
    const analyst = await admin.post('/api/add-staff', { name: 'Nadia', email: email('analyst'), password: 'Staff-pass-1', role: 'analyst' });
    expect(analyst).toMatchObject({ status: 201, body: { data: { role: 'analyst' } } });
  });

  it('user details for an agent include profile, balance and margin; summary counts', async () => {
    const agent = await newAgent(api, admin);
    const d = await admin.get(`/api/users/${agent.id}`);
    expect(d.body.data).toMatchObject({ id: agent.id, profile: { company_name: 'Test Travels' }, balance: { amount: '0.00' }, margin: { markup_per_pax: { amount: '0.00' } } });
    expect((await admin.get('/api/users/999999')).status).toBe(404);
    const s = await admin.get('/api/users-summary');
    expect(s.body.data).toMatchObject({ agents: expect.any(Number), pending_agents: expect.any(Number), customers: expect.any(Number), staff: expect.any(Number), pending_deposits: expect.any(Number) });
    expect(s.body.data.pending_agents).toBeGreaterThanOrEqual(1);
  });

  it('role matrix', async () => {
    // The analyst reads users (and the agent pickers) but changes nothing.
    await expectRoleMatrix(as, (c) => c.get('/api/users'), { admin: 200, analyst: 200 });
    await expectRoleMatrix(as, (c) => c.get('/api/users-summary'), { admin: 200, analyst: 200 });
    await expectRoleMatrix(as, (c) => c.get('/api/agent-options'), { admin: 200, accounts: 200, reservation: 200, analyst: 200 });
    await expectRoleMatrix(as, (c) => c.post('/api/users', { name: 'M', email: email('m'), password: 'Customer-1' }), { admin: 201 });
    await expectRoleMatrix(as, (c) => c.post('/api/save-admin-agent', { name: 'M', email: email('m'), password: 'Customer-1', company_name: 'C', phone: '+92 300 1234567' }), { admin: 201 });
    await expectRoleMatrix(as, (c) => c.post('/api/add-staff', { name: 'M', email: email('s'), password: 'Customer-1', role: 'reservation' }), { admin: 201 });
    const agent = await newAgent(api, admin);
    await expectRoleMatrix(as, (c) => c.get(`/api/users/${agent.id}`), { admin: 200, analyst: 200 });
    await expectRoleMatrix(as, (c) => c.put(`/api/update-status/${agent.id}`, { is_approved: '1' }), { admin: 200 });
    await expectRoleMatrix(as, async (c) => c.delete(`/api/users/${(await newAgent(api, admin)).id}`), { admin: 200 });
  });
});
