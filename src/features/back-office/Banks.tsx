import { useRef } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { BankInput, type Bank } from '../../../contract/deposits';
import { BackLink, PageHeader, StatusBadge } from '../../ui/page';
import { SelectInput, Submit, TextInput } from '../../ui/fields';
import type { Column } from '../../ui/table';
import { ResourceTable, useResourceList } from '../../ui/lists';
import { useResourceForm } from '../../ui/forms';
import { BankLogo } from '../../ui/bank-logo';
import { ImageField } from '../catalogue/ImageField';
import { deleteBank, getBank, listAllBanks, saveBank } from './api';

/** /admin/banks: the accounts agents pay deposits into. */
export default function BanksScreen() {
  const { t } = useTranslation();
  const list = useResourceList<Bank>({ load: listAllBanks, act: ({ item }, signal) => deleteBank(item.id, signal) }, { per_page: 100 });
  const columns: Column<Bank>[] = [
    { key: 'name', label: t('banks.fields.name'), render: (b) => <span className="bank-name"><BankLogo url={b.logo_url} /><span dir="auto">{b.name}</span></span> },
    { key: 'title', label: t('banks.fields.account_title'), render: (b) => <span dir="auto">{b.account_title}</span> },
    { key: 'number', label: t('banks.fields.account_number'), render: (b) => <><span dir="ltr">{b.account_number}</span>{b.iban ? <><br /><small className="muted" dir="ltr">{b.iban}</small></> : null}</> },
    { key: 'branch', label: t('banks.fields.branch'), render: (b) => <span dir="auto">{b.branch ?? '—'}</span> },
    { key: 'active', label: t('banks.fields.is_active'), render: (b) => <StatusBadge status={b.is_active ? 'active' : 'suspended'} /> },
    { key: 'actions', label: '', align: 'end', render: (b) => <div className="row-actions"><Link href={`/admin/new-bank?id=${b.id}`} className="btn btn-secondary">{t('agentsUi.edit')}</Link><button type="button" className="btn btn-ghost" disabled={list.busy} onClick={() => list.send({ type: 'DELETE', item: b })}>{t('agentsUi.delete')}</button></div> },
  ];
  return (
    <>
      <PageHeader title={t('banks.title')} actions={<Link href="/admin/new-bank" className="btn btn-primary">{t('banks.new')}</Link>} />
      <ResourceTable list={list} columns={columns} empty={t('banks.empty')} caption={t('banks.title')} confirm={() => ({ question: t('banks.confirmDelete'), yes: t('agentsUi.delete') })} />
    </>
  );
}

/** /admin/new-bank (and ?id= to edit). */
export function NewBankScreen() {
  const { t } = useTranslation();
  const id = new URLSearchParams(window.location.search).get('id');
  // An untouched logo is left out of the save, which keeps the stored one; "" (removed) clears it.
  const storedLogo = useRef('');
  const form = useResourceForm({
    schema: BankInput,
    toBody: (values) => ({ ...values, is_active: values.is_active === '1', logo_file: values.logo_file === storedLogo.current ? undefined : values.logo_file }),
    load: async (itemId, signal) => {
      const b = await getBank(itemId!, signal);
      storedLogo.current = b.logo_file ?? '';
      return { name: b.name, account_title: b.account_title, account_number: b.account_number, iban: b.iban ?? '', branch: b.branch ?? '', logo_file: storedLogo.current, is_active: b.is_active ? '1' : '0' };
    },
    save: ({ id: itemId, values }, signal) => saveBank(itemId, values, signal),
  }, { id, values: { name: '', account_title: '', account_number: '', iban: '', branch: '', logo_file: '', is_active: '1' }, after: '/admin/banks' });
  const { values: v, errors: e, set } = form;
  return (
    <>
      <PageHeader title={id ? t('banks.edit') : t('banks.new')} actions={<BackLink href="/admin/banks" label={t('banks.title')} />} />
      <form className="card form-card form" onSubmit={form.submit} noValidate aria-busy={form.loading}>
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
        <div className="bank-logo-field">
          <ImageField name="logo_file" purpose="logo" label={t('banks.fields.logo_file')} value={v.logo_file} onChange={set('logo_file')} error={e.logo_file} />
        </div>
        <div className="form-actions"><Submit busy={form.busy}>{t('banks.save')}</Submit></div>
      </form>
    </>
  );
}
