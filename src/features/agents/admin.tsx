import { useEffect, useState, type FormEvent } from 'react';
import type { BackOfficeUser } from '../../../contract/users';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type User } from '../../../contract/auth';
import type { AgentMargin, AgentProfile, Bank, CustomerMargin, Deposit } from '../../../contract/agents';
import { CHARGE_TYPES } from '../../../contract/agents';
import type { Money } from '../../../contract/money';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { ListFilters, BackLink, DataTable, DateText, MoneyText, PageHeader, Pager, SelectInput, StatusBadge, Submit, TextArea, TextInput, useAgentOptions, useLoad, useMutation, useQueryParam, type Column } from './kit';

type ListUser = BackOfficeUser;

const statusOf = (u: ListUser) => (u.status !== 'active' ? u.status : u.role === 'agent' && u.is_approved === '0' ? 'pending' : 'active');

/** /admin/users: agents and customers, pending agents first to approve. */
export function UsersScreen({ staffOnly = false }: { staffOnly?: boolean }) {
  const { t } = useTranslation();
  const [role, setRole] = useState(staffOnly ? 'staff' : 'agent');
  const [approved, setApproved] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad<ListUser[]>('/users', { role, is_approved: approved, search, page });
  const act = useMutation();
  async function setStatus(u: ListUser, body: Record<string, string>) {
    if (body.status === 'deleted' && !window.confirm(t('users.confirmDelete'))) return;
    if (await act.run(`/update-status/${u.id}`, { method: 'PUT', body })) list.reload();
  }
  const columns: Column<ListUser>[] = [
    { key: 'name', label: t('users.name'), render: (u) => <><Link href={staffOnly ? `/admin/update-staff?id=${u.id}` : `/admin/user-details?id=${u.id}`}><span dir="auto">{u.name}</span></Link><br /><small className="muted" dir="ltr">{u.email}</small></> },
    ...(!staffOnly ? [{ key: 'company', label: t('users.company'), render: (u: ListUser) => <><span dir="auto">{u.company_name ?? '—'}</span>{u.agent_code ? <><br /><small className="muted" dir="ltr">{u.agent_code}</small></> : null}</> }] : []),
    { key: 'role', label: t('users.role'), render: (u) => t(`roles.${u.role}`) },
    { key: 'status', label: t('users.status'), render: (u) => <StatusBadge status={statusOf(u)} /> },
    { key: 'created', label: t('users.created'), render: (u) => <DateText value={u.created_at} /> },
    { key: 'actions', label: '', align: 'end', render: (u) => (
      <div className="row-actions">
        {u.role === 'agent' && u.is_approved === '0' ? <button type="button" className="btn btn-primary" disabled={act.busy} onClick={() => void setStatus(u, { is_approved: '1' })}>{t('users.approve')}</button> : null}
        {u.role === 'agent' && u.is_approved === '1' ? <button type="button" className="btn btn-secondary" disabled={act.busy} onClick={() => void setStatus(u, { is_approved: '0' })}>{t('users.unapprove')}</button> : null}
        <Link href={staffOnly ? `/admin/update-staff?id=${u.id}` : `/admin/update/user?id=${u.id}`} className="btn btn-secondary">{t('agentsUi.edit')}</Link>
        <button type="button" className="btn btn-ghost" disabled={act.busy} onClick={() => void setStatus(u, { status: 'deleted' })}>{t('agentsUi.delete')}</button>
      </div>
    ) },
  ];
  return (
    <>
      <PageHeader title={staffOnly ? t('users.staffTitle') : t('users.title')} actions={<Link href={staffOnly ? '/admin/new-staff' : '/admin/new-user'} className="btn btn-primary">{staffOnly ? t('users.newStaff') : t('users.newUser')}</Link>} />
      <ListFilters>
        <div className="filters">
          {!staffOnly ? <SelectInput name="role" label={t('users.role')} value={role} onChange={(v) => { setRole(v); setPage(1); }} options={[{ value: 'agent', label: t('roles.agent') }, { value: 'customer', label: t('roles.customer') }]} /> : null}
          {!staffOnly && role === 'agent' ? <SelectInput name="is_approved" label={t('users.approval')} value={approved} onChange={(v) => { setApproved(v); setPage(1); }} placeholder={t('agentsUi.all')} options={[{ value: '0', label: t('agentsUi.status.pending') }, { value: '1', label: t('agentsUi.status.approved') }]} /> : null}
          <TextInput name="search" label={t('agentsUi.search')} value={search} onChange={(v) => { setSearch(v); setPage(1); }} />
        </div>
      </ListFilters>
      <DataTable rows={list.data} columns={columns} loading={list.loading} empty={t('users.empty')} />
      <Pager meta={list.meta} onPage={setPage} />
    </>
  );
}

type UserDetailsData = ListUser & { profile?: AgentProfile; balance?: Money; margin?: AgentMargin };

/** /admin/user-details?id=: a user; for agents the profile, wallet, margins, approval. */
export function UserDetailsScreen() {
  const { t } = useTranslation();
  const id = useQueryParam('id');
  const d = useLoad<UserDetailsData>(id ? `/users/${id}` : null);
  const act = useMutation();
  const [reason, setReason] = useState('');
  const [margin, setMargin] = useState({ markup_per_pax: '0', discount_per_pax: '0' });
  useEffect(() => { if (d.data?.margin) setMargin({ markup_per_pax: d.data.margin.markup_per_pax.amount, discount_per_pax: d.data.margin.discount_per_pax.amount }); }, [d.data]);
  const u = d.data;
  async function decide(approve: boolean) {
    if (await act.run(`/update-status/${id}`, { method: 'PUT', body: { is_approved: approve ? '1' : '0', reason } })) d.reload();
  }
  async function saveMargin(e: FormEvent) {
    e.preventDefault();
    await act.run('/save-agent-margin', { method: 'POST', body: { agent_id: Number(id), ...margin } });
  }
  if (!u) return <PageHeader title={t('users.detailsTitle')} />;
  const p = u.profile;
  return (
    <>
      <PageHeader title={u.name} subtitle={<><span dir="ltr">{u.email}</span> · {t(`roles.${u.role}`)} · <StatusBadge status={statusOf(u)} /></>}
        actions={<><BackLink href="/admin/users" label={t('users.title')} />{u.role === 'agent' ? <><Link className="btn btn-secondary" href={`/admin/update-agent-data?id=${u.id}`}>{t('agentProfile.updateTitle')}</Link><Link className="btn btn-secondary" href={`/admin/agent-detail-deposits?id=${u.id}`}>{t('deposits.title')}</Link></> : null}</>} />
      <div className="detail-grid">
        {p ? (
          <section className="card dash-card">
            <h2>{t('agentProfile.company')}</h2>
            <dl className="details">
              <dt>{t('agentProfile.fields.company_name')}</dt><dd dir="auto">{p.company_name}</dd>
              <dt>{t('agentProfile.agentCode')}</dt><dd dir="ltr">{p.agent_code}</dd>
              <dt>{t('agentProfile.fields.phone')}</dt><dd dir="ltr">{p.phone}</dd>
              <dt>{t('agentProfile.fields.licence_no')}</dt><dd dir="ltr">{p.licence_no ?? '—'}</dd>
              <dt>{t('agentProfile.fields.address')}</dt><dd dir="auto">{[p.address, p.city, p.country].filter(Boolean).join(', ') || '—'}</dd>
              <dt>{t('agentProfile.fields.contact_person')}</dt><dd dir="auto">{p.contact_person ?? '—'}</dd>
              <dt>{t('agentProfile.emailVerified')}</dt><dd>{p.email_verified ? t('agentsUi.yes') : t('agentsUi.no')}</dd>
            </dl>
          </section>
        ) : null}
        {p ? (
          <section className="card dash-card decision">
            <h2>{t('users.approval')}</h2>
            <p className="muted">{p.complete ? t('users.profileComplete') : t('users.profileIncomplete')}</p>
            {p.rejection_reason ? <p><strong>{t('agentProfile.rejected')}</strong> <span dir="auto">{p.rejection_reason}</span></p> : null}
            <TextArea name="reason" label={t('users.reason')} value={reason} onChange={setReason} error={act.errors.reason} />
            <div className="form-actions">
              {u.is_approved === '0' ? <button type="button" className="btn btn-primary" disabled={act.busy} onClick={() => void decide(true)}>{t('users.approve')}</button> : null}
              <button type="button" className="btn btn-secondary" disabled={act.busy} onClick={() => void decide(false)}>{u.is_approved === '1' ? t('users.unapprove') : t('users.reject')}</button>
            </div>
          </section>
        ) : null}
        {u.balance ? (
          <section className="card dash-card">
            <h2>{t('ledger.balance')}</h2>
            <p className="big-balance"><MoneyText value={u.balance} /></p>
            <form className="form" onSubmit={saveMargin} noValidate>
              <h2>{t('margins.agentTitle')}</h2>
              <div className="form-row">
                <TextInput name="markup_per_pax" dir="ltr" inputMode="decimal" label={t('margins.markup')} value={margin.markup_per_pax} onChange={(v) => setMargin((o) => ({ ...o, markup_per_pax: v }))} error={act.errors.markup_per_pax} />
                <TextInput name="discount_per_pax" dir="ltr" inputMode="decimal" label={t('margins.discount')} value={margin.discount_per_pax} onChange={(v) => setMargin((o) => ({ ...o, discount_per_pax: v }))} error={act.errors.discount_per_pax} />
              </div>
              <div className="form-actions"><Submit busy={act.busy}>{t('margins.save')}</Submit></div>
            </form>
          </section>
        ) : null}
      </div>
    </>
  );
}

/** /admin/new-user: a customer or an agent (created approved and verified). */
export function NewUserScreen() {
  const { t } = useTranslation();
  const [v, setV] = useState({ role: 'agent', name: '', email: '', password: '', company_name: '', phone: '' });
  const save = useMutation();
  const set = (k: keyof typeof v) => (val: string) => setV((o) => ({ ...o, [k]: val }));
  async function submit(e: FormEvent) {
    e.preventDefault();
    const res = await save.run<{ data: User }>('/users', { method: 'POST', body: v });
    if (res) navigate(`/admin/user-details?id=${res.data.id}`);
  }
  const e = save.errors;
  return (
    <>
      <PageHeader title={t('users.newUser')} actions={<BackLink href="/admin/users" label={t('users.title')} />} />
      <form className="card form-card form" onSubmit={submit} noValidate>
        <SelectInput name="role" label={t('users.role')} value={v.role} onChange={set('role')} error={e.role} options={[{ value: 'agent', label: t('roles.agent') }, { value: 'customer', label: t('roles.customer') }]} />
        <div className="form-row">
          <TextInput name="name" label={t('users.name')} required value={v.name} onChange={set('name')} error={e.name} />
          <TextInput name="email" type="email" dir="ltr" label={t('users.email')} required value={v.email} onChange={set('email')} error={e.email} />
          <TextInput name="password" type="password" dir="ltr" label={t('users.password')} required value={v.password} onChange={set('password')} error={e.password} />
        </div>
        {v.role === 'agent' ? (
          <div className="form-row">
            <TextInput name="company_name" label={t('agentProfile.fields.company_name')} required value={v.company_name} onChange={set('company_name')} error={e.company_name} />
            <TextInput name="phone" type="tel" dir="ltr" label={t('agentProfile.fields.phone')} required value={v.phone} onChange={set('phone')} error={e.phone} />
          </div>
        ) : null}
        <div className="form-actions"><Submit busy={save.busy}>{t('users.save')}</Submit></div>
      </form>
    </>
  );
}

/** /admin/update/user?id=: status of a user (active, suspended, deleted) and an agent's approval. */
export function UpdateUserScreen() {
  const { t } = useTranslation();
  const id = useQueryParam('id');
  const d = useLoad<ListUser>(id ? `/users/${id}` : null);
  const [v, setV] = useState({ status: 'active', is_approved: '1', reason: '' });
  useEffect(() => { if (d.data) setV({ status: d.data.status, is_approved: d.data.is_approved, reason: '' }); }, [d.data]);
  const save = useMutation();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = d.data?.role === 'agent' ? v : { status: v.status };
    if (await save.run(`/update-status/${id}`, { method: 'PUT', body })) navigate('/admin/users');
  }
  return (
    <>
      <PageHeader title={t('users.updateTitle')} subtitle={d.data ? <span dir="auto">{d.data.name} · <span dir="ltr">{d.data.email}</span></span> : null} actions={<BackLink href="/admin/users" label={t('users.title')} />} />
      <form className="card form-card form" onSubmit={submit} noValidate>
        <SelectInput name="status" label={t('users.status')} value={v.status} onChange={(x) => setV((o) => ({ ...o, status: x }))} error={save.errors.status} options={['active', 'suspended', 'deleted'].map((s) => ({ value: s, label: t(`agentsUi.status.${s}`) }))} />
        {d.data?.role === 'agent' ? <SelectInput name="is_approved" label={t('users.approval')} value={v.is_approved} onChange={(x) => setV((o) => ({ ...o, is_approved: x }))} options={[{ value: '1', label: t('agentsUi.status.approved') }, { value: '0', label: t('agentsUi.status.pending') }]} /> : null}
        {d.data?.role === 'agent' && v.is_approved === '0' ? <TextArea name="reason" label={t('users.reason')} value={v.reason} onChange={(x) => setV((o) => ({ ...o, reason: x }))} error={save.errors.reason} /> : null}
        <div className="form-actions"><Submit busy={save.busy}>{t('users.save')}</Submit></div>
      </form>
    </>
  );
}

/** /admin/new-staff and /admin/update-staff?id=. */
export function StaffFormScreen() {
  const { t } = useTranslation();
  const id = useQueryParam('id');
  const d = useLoad<ListUser>(id ? `/users/${id}` : null);
  const [v, setV] = useState({ name: '', email: '', password: '', role: 'reservation' });
  useEffect(() => { if (d.data) setV({ name: d.data.name, email: d.data.email, password: '', role: d.data.role }); }, [d.data]);
  const save = useMutation();
  const set = (k: keyof typeof v) => (val: string) => setV((o) => ({ ...o, [k]: val }));
  async function submit(e: FormEvent) {
    e.preventDefault();
    const ok = await save.run(id ? '/update-staff' : '/add-staff', { method: 'POST', body: id ? { ...v, id: Number(id) } : v });
    if (ok) navigate('/admin/staff');
  }
  const e = save.errors;
  return (
    <>
      <PageHeader title={id ? t('users.updateStaff') : t('users.newStaff')} actions={<BackLink href="/admin/staff" label={t('users.staffTitle')} />} />
      <form className="card form-card form" onSubmit={submit} noValidate>
        <div className="form-row">
          <TextInput name="name" label={t('users.name')} required value={v.name} onChange={set('name')} error={e.name} />
          <TextInput name="email" type="email" dir="ltr" label={t('users.email')} required value={v.email} onChange={set('email')} error={e.email} />
        </div>
        <div className="form-row">
          <SelectInput name="role" label={t('users.role')} value={v.role} onChange={set('role')} error={e.role} options={STAFF_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
          <TextInput name="password" type="password" dir="ltr" label={t('users.password')} required={!id} value={v.password} onChange={set('password')} error={e.password} hint={id ? t('users.passwordKeep') : undefined} />
        </div>
        <div className="form-actions"><Submit busy={save.busy}>{t('users.save')}</Submit></div>
      </form>
    </>
  );
}

/** /admin/topup-request (all agents) and /admin/agent-detail-deposits?id= (one agent). */
export function TopupRequestsScreen({ oneAgent = false }: { oneAgent?: boolean }) {
  const { t } = useTranslation();
  const idParam = useQueryParam('id');
  const agentId = oneAgent ? idParam : null;
  const [status, setStatus] = useState(oneAgent ? '' : 'pending');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad<Deposit[]>('/get-agents-deposits', { status, search, page, agent_id: agentId ?? undefined });
  const mayDecide = can(useUser()?.role, 'deposits.manage');
  const columns: Column<Deposit>[] = [
    { key: 'date', label: t('deposits.fields.deposit_date'), render: (d) => <DateText value={d.deposit_date} /> },
    { key: 'agent', label: t('charges.agent'), render: (d) => <><span dir="auto">{d.agent?.company_name ?? d.agent?.name}</span><br /><small className="muted" dir="ltr">{d.agent?.agent_code}</small></> },
    { key: 'ref', label: t('deposits.fields.reference'), render: (d) => <span dir="ltr">{d.reference}</span> },
    { key: 'bank', label: t('deposits.fields.bank_id'), render: (d) => (d.method === 'cash' ? t('deposits.cash') : d.bank_name) },
    { key: 'amount', label: t('deposits.fields.amount'), align: 'end', render: (d) => <MoneyText value={d.amount} /> },
    { key: 'status', label: t('deposits.fields.status'), render: (d) => <StatusBadge status={d.status} /> },
    { key: 'actions', label: '', align: 'end', render: (d) => <Link href={`/admin/deposit-details?id=${d.id}`} className={d.status === 'pending' && mayDecide ? 'btn btn-primary' : 'btn btn-secondary'}>{d.status === 'pending' && mayDecide ? t('deposits.review') : t('deposits.view')}</Link> },
  ];
  return (
    <>
      <PageHeader title={oneAgent ? t('deposits.agentDeposits') : t('deposits.topups')} actions={oneAgent ? <BackLink href={`/admin/user-details?id=${agentId}`} label={t('users.detailsTitle')} /> : null} />
      <ListFilters>
        <div className="filters">
          <SelectInput name="status" label={t('deposits.fields.status')} value={status} onChange={(v) => { setStatus(v); setPage(1); }} placeholder={t('agentsUi.all')} options={['pending', 'approved', 'rejected'].map((s) => ({ value: s, label: t(`agentsUi.status.${s}`) }))} />
          {!oneAgent ? <TextInput name="search" label={t('agentsUi.search')} value={search} onChange={(v) => { setSearch(v); setPage(1); }} /> : null}
        </div>
      </ListFilters>
      <DataTable rows={list.data} columns={columns} loading={list.loading} empty={t('deposits.empty')} />
      <Pager meta={list.meta} onPage={setPage} />
    </>
  );
}

/** /admin/banks */
export function BanksScreen() {
  const { t } = useTranslation();
  const list = useLoad<Bank[]>('/banks', { per_page: 100 });
  const del = useMutation();
  async function remove(b: Bank) {
    if (!window.confirm(t('banks.confirmDelete'))) return;
    if (await del.run(`/banks/${b.id}`, { method: 'DELETE' })) list.reload();
  }
  const columns: Column<Bank>[] = [
    { key: 'name', label: t('banks.fields.name'), render: (b) => <span dir="auto">{b.name}</span> },
    { key: 'title', label: t('banks.fields.account_title'), render: (b) => <span dir="auto">{b.account_title}</span> },
    { key: 'number', label: t('banks.fields.account_number'), render: (b) => <><span dir="ltr">{b.account_number}</span>{b.iban ? <><br /><small className="muted" dir="ltr">{b.iban}</small></> : null}</> },
    { key: 'branch', label: t('banks.fields.branch'), render: (b) => <span dir="auto">{b.branch ?? '—'}</span> },
    { key: 'active', label: t('banks.fields.is_active'), render: (b) => <StatusBadge status={b.is_active ? 'active' : 'suspended'} /> },
    { key: 'actions', label: '', align: 'end', render: (b) => <div className="row-actions"><Link href={`/admin/new-bank?id=${b.id}`} className="btn btn-secondary">{t('agentsUi.edit')}</Link><button type="button" className="btn btn-ghost" disabled={del.busy} onClick={() => void remove(b)}>{t('agentsUi.delete')}</button></div> },
  ];
  return (
    <>
      <PageHeader title={t('banks.title')} actions={<Link href="/admin/new-bank" className="btn btn-primary">{t('banks.new')}</Link>} />
      <DataTable rows={list.data} columns={columns} loading={list.loading} empty={t('banks.empty')} />
    </>
  );
}

/** /admin/new-bank (and ?id= to edit). */
export function NewBankScreen() {
  const { t } = useTranslation();
  const id = useQueryParam('id');
  const d = useLoad<Bank>(id ? `/banks/${id}` : null);
  const [v, setV] = useState({ name: '', account_title: '', account_number: '', iban: '', branch: '', is_active: '1' });
  useEffect(() => { if (d.data) setV({ name: d.data.name, account_title: d.data.account_title, account_number: d.data.account_number, iban: d.data.iban ?? '', branch: d.data.branch ?? '', is_active: d.data.is_active ? '1' : '0' }); }, [d.data]);
  const save = useMutation();
  const set = (k: keyof typeof v) => (val: string) => setV((o) => ({ ...o, [k]: val }));
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { ...v, is_active: v.is_active === '1' };
    if (await save.run(id ? `/banks/${id}` : '/banks', { method: id ? 'PUT' : 'POST', body })) navigate('/admin/banks');
  }
  const e = save.errors;
  return (
    <>
      <PageHeader title={id ? t('banks.edit') : t('banks.new')} actions={<BackLink href="/admin/banks" label={t('banks.title')} />} />
      <form className="card form-card form" onSubmit={submit} noValidate>
        <div className="form-row">
          <TextInput name="name" label={t('banks.fields.name')} required value={v.name} onChange={set('name')} error={e.name} />
          <TextInput name="account_title" label={t('banks.fields.account_title')} required value={v.account_title} onChange={set('account_title')} error={e.account_title} />
        </div>
        <div className="form-row">
          <TextInput name="account_number" dir="ltr" label={t('banks.fields.account_number')} required value={v.account_number} onChange={set('account_number')} error={e.account_number} />
          <TextInput name="iban" dir="ltr" label={t('banks.fields.iban')} value={v.iban} onChange={set('iban')} error={e.iban} />
        </div>
        <div className="form-row">
          <TextInput name="branch" label={t('banks.fields.branch')} value={v.branch} onChange={set('branch')} error={e.branch} />
          <SelectInput name="is_active" label={t('banks.fields.is_active')} value={v.is_active} onChange={set('is_active')} options={[{ value: '1', label: t('agentsUi.yes') }, { value: '0', label: t('agentsUi.no') }]} />
        </div>
        <div className="form-actions"><Submit busy={save.busy}>{t('banks.save')}</Submit></div>
      </form>
    </>
  );
}

/** /admin/new-charges: a charge or refund posted to an agent's wallet. */
export function NewChargeScreen() {
  const { t } = useTranslation();
  const agents = useAgentOptions();
  const [v, setV] = useState({ agent_id: '', type: 'charge', amount: '', description: '', booking_reference: '' });
  const save = useMutation();
  const set = (k: keyof typeof v) => (val: string) => setV((o) => ({ ...o, [k]: val }));
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (await save.run('/save-agent-charges', { method: 'POST', body: v })) navigate('/admin/other-charges');
  }
  const e = save.errors;
  return (
    <>
      <PageHeader title={t('charges.new')} subtitle={t('charges.newHint')} actions={<BackLink href="/admin/other-charges" label={t('charges.title')} />} />
      <form className="card form-card form" onSubmit={submit} noValidate>
        <div className="form-row">
          <SelectInput name="agent_id" label={t('charges.agent')} required value={v.agent_id} onChange={set('agent_id')} error={e.agent_id} placeholder={t('charges.chooseAgent')} options={agents} />
          <SelectInput name="type" label={t('ledger.type')} required value={v.type} onChange={set('type')} error={e.type} options={CHARGE_TYPES.map((c) => ({ value: c, label: `${t(`ledger.types.${c}`)} (${t(c === 'refund' || c === 'void' ? 'charges.credit' : 'charges.debit')})` }))} />
          <TextInput name="amount" dir="ltr" inputMode="decimal" label={t('deposits.fields.amount')} required value={v.amount} onChange={set('amount')} error={e.amount} />
        </div>
        <TextInput name="description" label={t('ledger.description')} required value={v.description} onChange={set('description')} error={e.description} />
        <TextInput name="booking_reference" dir="ltr" label={t('charges.bookingReference')} value={v.booking_reference} onChange={set('booking_reference')} error={e.booking_reference} />
        <div className="form-actions"><Submit busy={save.busy}>{t('charges.save')}</Submit></div>
      </form>
    </>
  );
}

/** /admin/customer-margin: B2C margin values. */
export function CustomerMarginScreen() {
  const { t } = useTranslation();
  const d = useLoad<CustomerMargin>('/get-customer-margin-values');
  const [v, setV] = useState({ discount_percent: '0', margin_percent: '0', other_charges: '0' });
  useEffect(() => { if (d.data) setV({ discount_percent: d.data.discount_percent, margin_percent: d.data.margin_percent, other_charges: d.data.other_charges.amount }); }, [d.data]);
  const save = useMutation();
  const set = (k: keyof typeof v) => (val: string) => setV((o) => ({ ...o, [k]: val }));
  async function submit(e: FormEvent) {
    e.preventDefault();
    await save.run('/save-customer-margin-values', { method: 'POST', body: v });
  }
  const e = save.errors;
  return (
    <>
      <PageHeader title={t('margins.customerTitle')} subtitle={t('margins.customerHint')} />
      <form className="card form-card form" onSubmit={submit} noValidate>
        <div className="form-row">
          <TextInput name="margin_percent" dir="ltr" inputMode="decimal" label={t('margins.marginPercent')} value={v.margin_percent} onChange={set('margin_percent')} error={e.margin_percent} hint="%" />
          <TextInput name="discount_percent" dir="ltr" inputMode="decimal" label={t('margins.discountPercent')} value={v.discount_percent} onChange={set('discount_percent')} error={e.discount_percent} hint="%" />
          <TextInput name="other_charges" dir="ltr" inputMode="decimal" label={t('margins.otherCharges')} value={v.other_charges} onChange={set('other_charges')} error={e.other_charges} hint={t('margins.perPassenger')} />
        </div>
        {d.data?.updated_at ? <p className="muted">{t('margins.updated')} <DateText value={d.data.updated_at} time /></p> : null}
        <div className="form-actions"><Submit busy={save.busy}>{t('margins.save')}</Submit></div>
      </form>
    </>
  );
}
