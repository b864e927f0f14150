import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { BackOfficeUser } from '../../../contract/users';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { DateText } from '../../ui/format';
import { PageHeader, StatusBadge } from '../../ui/page';
import { SelectInput, TextInput } from '../../ui/fields';
import { ListFilters, type Column } from '../../ui/table';
import { ResourceTable, useResourceList } from '../../ui/lists';
import { listUsers, updateUserStatus } from './api';
import { UsersSummaryStrip } from './UsersSummary';

export const statusOf = (u: BackOfficeUser) => (u.status !== 'active' ? u.status : u.role === 'agent' && u.is_approved === '0' ? 'pending' : 'active');

/** The status change each row action sends; approving, taking approval back and deleting are confirmed first. */
const ACTIONS: Record<string, { status?: string; is_approved?: string }> = { approve: { is_approved: '1' }, unapprove: { is_approved: '0' }, delete: { status: 'deleted' } };

/** /admin/users (agents and customers, pending agents to approve) and /admin/staff. */
function UsersScreen({ staffOnly = false, query }: { staffOnly?: boolean; query: URLSearchParams }) {
  const { t } = useTranslation();
  const mayEdit = can(useUser()?.role, 'users.manage');
  // ?role=customer and ?is_approved=0 open those lists (the dashboard's and the summary's figures link here).
  const [role, setRole] = useState(() => (staffOnly ? 'staff' : query.get('role') === 'customer' ? 'customer' : 'agent'));
  const [approved, setApproved] = useState(() => (staffOnly || role !== 'agent' ? '' : query.get('is_approved') ?? ''));
  const [search, setSearch] = useState('');
  const list = useResourceList<BackOfficeUser>(
    { load: listUsers, act: ({ action, item }, signal) => updateUserStatus(item.id, ACTIONS[action], signal) },
    { filters: { role, ...(approved ? { is_approved: approved } : {}) } },
  );
  const filter = (filters: Record<string, string>) => list.send({ type: 'FILTER', filters });
  const ask = (action: string, item: BackOfficeUser) => list.send({ type: 'ACT', action, item, confirm: true });
  const columns: Column<BackOfficeUser>[] = [
    { key: 'name', label: t('users.name'), render: (u) => <>{staffOnly && !mayEdit ? <span dir="auto">{u.name}</span> : <Link href={staffOnly ? `/admin/update-staff?id=${u.id}` : `/admin/user-details?id=${u.id}`}><span dir="auto">{u.name}</span></Link>}<br /><small className="muted" dir="ltr">{u.email}</small></> },
    ...(!staffOnly ? [{ key: 'company', label: t('users.company'), render: (u: BackOfficeUser) => <><span dir="auto">{u.company_name ?? '—'}</span>{u.agent_code ? <><br /><small className="muted" dir="ltr">{u.agent_code}</small></> : null}</> }] : []),
    { key: 'role', label: t('users.role'), render: (u) => t(`roles.${u.role}`) },
    { key: 'status', label: t('users.status'), render: (u) => <StatusBadge status={statusOf(u)} /> },
    { key: 'created', label: t('users.created'), render: (u) => <DateText value={u.created_at} /> },
    ...(mayEdit ? [{ key: 'actions', label: '', align: 'end' as const, render: (u: BackOfficeUser) => (
      <div className="row-actions">
        {u.role === 'agent' && u.is_approved === '0' ? <button type="button" className="btn btn-primary" disabled={list.busy} onClick={() => ask('approve', u)}>{t('users.approve')}</button> : null}
        {u.role === 'agent' && u.is_approved === '1' ? <button type="button" className="btn btn-secondary" disabled={list.busy} onClick={() => ask('unapprove', u)}>{t('users.unapprove')}</button> : null}
        <Link href={staffOnly ? `/admin/update-staff?id=${u.id}` : `/admin/update/user?id=${u.id}`} className="btn btn-secondary">{t('agentsUi.edit')}</Link>
        <button type="button" className="btn btn-ghost" disabled={list.busy} onClick={() => ask('delete', u)}>{t('agentsUi.delete')}</button>
      </div>
    ) }] : []),
  ];
  return (
    <>
      <PageHeader title={staffOnly ? t('users.staffTitle') : t('users.title')}
        actions={mayEdit ? <Link href={staffOnly ? '/admin/new-staff' : '/admin/new-user'} className="btn btn-primary">{staffOnly ? t('users.newStaff') : t('users.newUser')}</Link> : null} />
      <UsersSummaryStrip />
      <ListFilters>
        <div className="filters">
          {!staffOnly ? <SelectInput name="role" label={t('users.role')} value={role} onChange={(v) => { setRole(v); setApproved(''); filter({ role: v, is_approved: '' }); }} options={[{ value: 'agent', label: t('roles.agent') }, { value: 'customer', label: t('roles.customer') }]} /> : null}
          {!staffOnly && role === 'agent' ? <SelectInput name="is_approved" label={t('users.approval')} value={approved} onChange={(v) => { setApproved(v); filter({ is_approved: v }); }} placeholder={t('agentsUi.all')} options={[{ value: '0', label: t('agentsUi.status.pending') }, { value: '1', label: t('agentsUi.status.approved') }]} /> : null}
          <TextInput name="search" label={t('agentsUi.search')} value={search} onChange={(v) => { setSearch(v); list.send({ type: 'SEARCH', q: v }); }} />
        </div>
      </ListFilters>
      <ResourceTable list={list} columns={columns} empty={t('users.empty')} caption={staffOnly ? t('users.staffTitle') : t('users.title')}
        confirm={({ action, item }) => ({ question: t(`users.confirm.${action}`, { name: item.name }), yes: t(action === 'delete' ? 'agentsUi.delete' : `users.${action}`) })} />
    </>
  );
}

/** The list opens afresh when its address changes (a summary link to the same screen with another filter). */
function UsersRoute({ staffOnly = false }: { staffOnly?: boolean }) {
  const search = useSearch();
  return <UsersScreen key={search} staffOnly={staffOnly} query={new URLSearchParams(search)} />;
}

export default function Users() { return <UsersRoute />; }
export function Staff() { return <UsersRoute staffOnly />; }
