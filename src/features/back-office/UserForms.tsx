import { useTranslation } from 'react-i18next';
import { STAFF_ROLES } from '../../../contract/auth';
import { StatusUpdateInput } from '../../../contract/agents';
import { NewUserInput, StaffInput, StaffUpdateInput } from '../../../contract/users';
import { BackLink, PageHeader } from '../../ui/page';
import { SelectInput, Submit, TextArea, TextInput } from '../../ui/fields';
import { useResourceForm } from '../../ui/forms';
import { useRecord } from '../../ui/records';
import { createUser, getUser, saveStaff, updateUserStatus } from './api';

const idParam = () => new URLSearchParams(window.location.search).get('id');

/** /admin/new-user: a customer or an agent (created approved and verified); then its details. */
export function NewUserScreen() {
  const { t } = useTranslation();
  const form = useResourceForm({
    schema: NewUserInput,
    save: ({ values }, signal) => createUser(values, signal),
  }, { values: { role: 'agent', name: '', email: '', password: '', company_name: '', phone: '' }, after: '/admin/user-details?id=:id' });
  const { values: v, errors: e, set } = form;
  return (
    <>
      <PageHeader title={t('users.newUser')} actions={<BackLink href="/admin/users" label={t('users.title')} />} />
      <form className="card form-card form" onSubmit={form.submit} noValidate aria-busy={form.loading}>
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
        <div className="form-actions"><Submit busy={form.busy}>{t('users.save')}</Submit></div>
      </form>
    </>
  );
}
export default NewUserScreen;

/** /admin/update/user?id=: a user's status (active, suspended, deleted) and an agent's approval. */
export function UpdateUserScreen() {
  const { t } = useTranslation();
  const id = idParam();
  const user = useRecord((itemId, signal) => getUser(itemId, signal), id ?? '');
  const agent = user.data?.role === 'agent';
  const form = useResourceForm({
    schema: StatusUpdateInput,
    load: (itemId, signal) => getUser(itemId!, signal),
    // Only an agent has an approval to change.
    toBody: (values) => (agent ? values : { status: values.status }),
    save: ({ id: itemId, values }, signal) => updateUserStatus(itemId!, values as { status: string }, signal),
  }, { id, values: { status: 'active', is_approved: '1', reason: '' }, after: '/admin/users' });
  const { values: v, errors: e, set } = form;
  return (
    <>
      <PageHeader title={t('users.updateTitle')} subtitle={user.data ? <span dir="auto">{user.data.name} · <span dir="ltr">{user.data.email}</span></span> : null} actions={<BackLink href="/admin/users" label={t('users.title')} />} />
      <form className="card form-card form" onSubmit={form.submit} noValidate aria-busy={form.loading}>
        <SelectInput name="status" label={t('users.status')} value={v.status} onChange={set('status')} error={e.status} options={['active', 'suspended', 'deleted'].map((s) => ({ value: s, label: t(`agentsUi.status.${s}`) }))} />
        {agent ? <SelectInput name="is_approved" label={t('users.approval')} value={v.is_approved} onChange={set('is_approved')} options={[{ value: '1', label: t('agentsUi.status.approved') }, { value: '0', label: t('agentsUi.status.pending') }]} /> : null}
        {agent && v.is_approved === '0' ? <TextArea name="reason" label={t('users.reason')} value={v.reason} onChange={set('reason')} error={e.reason} /> : null}
        <div className="form-actions"><Submit busy={form.busy}>{t('users.save')}</Submit></div>
      </form>
    </>
  );
}

/** /admin/new-staff and /admin/update-staff?id=. */
export function StaffFormScreen() {
  const { t } = useTranslation();
  const id = idParam();
  const form = useResourceForm({
    schema: id ? StaffUpdateInput : StaffInput,
    toBody: (values) => (id ? { ...values, id: Number(id) } : values),
    load: (itemId, signal) => getUser(itemId!, signal),
    save: ({ id: itemId, values }, signal) => saveStaff(itemId, values, signal),
  }, { id, values: { name: '', email: '', password: '', role: 'reservation' }, after: '/admin/staff' });
  const { values: v, errors: e, set } = form;
  return (
    <>
      <PageHeader title={id ? t('users.updateStaff') : t('users.newStaff')} actions={<BackLink href="/admin/staff" label={t('users.staffTitle')} />} />
      <form className="card form-card form" onSubmit={form.submit} noValidate aria-busy={form.loading}>
        <div className="form-row">
          <TextInput name="name" label={t('users.name')} required value={v.name} onChange={set('name')} error={e.name} />
          <TextInput name="email" type="email" dir="ltr" label={t('users.email')} required value={v.email} onChange={set('email')} error={e.email} />
        </div>
        <div className="form-row">
          <SelectInput name="role" label={t('users.role')} value={v.role} onChange={set('role')} error={e.role} options={STAFF_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
          <TextInput name="password" type="password" dir="ltr" label={t('users.password')} required={!id} value={v.password} onChange={set('password')} error={e.password} hint={id ? t('users.passwordKeep') : undefined} />
        </div>
        <div className="form-actions"><Submit busy={form.busy}>{t('users.save')}</Submit></div>
      </form>
    </>
  );
}
