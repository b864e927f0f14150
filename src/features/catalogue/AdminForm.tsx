import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { CountrySelect, SelectInput, TextArea, TextInput } from '../../ui/fields';
import { PageHeader } from '../../ui/page';
import type { CrudListEmitted } from '../../../machines/crud-list';
import { translateServer } from '../../i18n';
import { useAnsweredErrors } from '../../ui/answered';
import { ImageField } from './ImageField';
import { RichText } from './RichText';
import { formCells, formValues, payload, RESOURCES, type FieldDef, type Row } from './resources';
import { crudActors } from './api';
import { useCrud } from './useCrud';
import './catalogue.css';

/** New and update screens of a catalogue resource; errors of a failed save stay beside their fields. */
export function AdminForm({ resource, mode }: { resource: string; mode: 'create' | 'edit' }) {
  const res = RESOURCES[resource];
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const id = mode === 'edit' ? new URLSearchParams(window.location.search).get('id') : null;
  const onEvent = useCallback((e: CrudListEmitted) => { if (e.type === 'saved') navigate(res.list); }, [navigate, res.list]);
  const actors = useMemo(() => crudActors(res.api, res.update, { idKey: res.idKey, read: res.read }), [res]);
  const [snapshot, send] = useCrud(actors, res.update, { mode: id ? 'edit' : 'create', id: id ? (res.idKey ? id : Number(id)) : null }, onEvent);
  const ctx = snapshot.context;
  const [values, setValues] = useState<Record<string, unknown>>(() => formValues(res, null));
  const editing = ctx.editing as Row | null;
  useEffect(() => { if (editing) setValues(formValues(res, editing)); }, [editing, res]);
  // The server's messages are about what was sent: each stays beside its field until that field is changed.
  const { errors, sending } = useAnsweredErrors(ctx.fieldErrors, values);
  const saving = snapshot.matches('saving');
  const set = (name: string) => (v: unknown) => setValues((old) => ({ ...old, [name]: v }));
  const label = (f: FieldDef) => t(`catalogue.fields.${f.name}`);

  function renderField(f: FieldDef, twinned = false) {
    const common = { name: f.name, label: label(f), error: errors[f.name] ?? errors[`${f.name}.0`], required: f.required };
    const value = values[f.name];
    switch (f.kind) {
      case 'rich': return <RichText {...common} value={String(value ?? '')} onChange={set(f.name)} lang={f.arabic ? 'ar' : twinned ? 'en' : undefined} />;
      case 'image': return <ImageField {...common} value={String(value ?? '')} onChange={set(f.name)} />;
      case 'textarea': return <TextArea {...common} value={String(value ?? '')} onChange={set(f.name)} />;
      case 'lines': return <TextArea {...common} value={(value as string[]).join('\n')} onChange={(s) => set(f.name)(s.split('\n'))} />;
      case 'select': return <SelectInput {...common} value={String(value ?? '')} onChange={set(f.name)} placeholder={f.nullable ? t('catalogue.none') : undefined} options={(f.options ?? []).map((o) => ({ value: o, label: t(`${f.optionKey}.${o}`) }))} />;
      case 'country': return <CountrySelect {...common} value={String(value ?? '')} onChange={set(f.name)} />;
      case 'bool': return (
        <label className="check-field" data-field={f.name}>
          <input type="checkbox" name={f.name} checked={!!value} onChange={(e) => set(f.name)(e.target.checked)} /> <span>{label(f)}</span>
          {common.error ? <span className="field-error" role="alert">{translateServer(common.error)}</span> : null}
        </label>
      );
      case 'multi': return (
        <fieldset className="field multi-field" data-field={f.name}>
          <legend className="field-label">{label(f)}</legend>
          <div className="multi-options">
            {(f.options ?? []).map((o) => (
              <label key={o} className="check-field">
                <input type="checkbox" checked={(value as string[]).includes(o)} onChange={(e) => set(f.name)(e.target.checked ? [...(value as string[]), o] : (value as string[]).filter((x) => x !== o))} /> <span>{t(`${f.optionKey}.${o}`)}</span>
              </label>
            ))}
          </div>
          {common.error ? <span className="field-error" role="alert">{translateServer(common.error)}</span> : null}
        </fieldset>
      );
      default: return (
        <TextInput {...common} value={String(value ?? '')} onChange={set(f.name)} readOnly={f.createOnly && mode === 'edit'} dir={f.arabic ? 'rtl' : f.dir ?? (f.kind === 'text' ? 'auto' : 'ltr')}
          type={f.kind === 'date' ? 'date' : f.kind === 'time' ? 'time' : 'text'} inputMode={f.kind === 'money' ? 'decimal' : f.kind === 'number' ? 'numeric' : undefined} />
      );
    }
  }

  const title = mode === 'edit' ? t(`${res.key}.editTitle`) : t(`${res.key}.new`);
  return (
    <div className="catalogue-admin">
      <PageHeader title={title} actions={<button type="button" className="btn btn-ghost" onClick={() => navigate(res.list)}>{t('catalogue.back')}</button>} />
      {snapshot.matches('loadingItem') ? <p className="muted"><span className="spinner" aria-hidden="true" /> {t('common.loading')}</p> : null}
      {snapshot.matches('itemFailed') ? (
        <div className="card state-card"><p>{t('catalogue.loadFailed')}</p><button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>{t('catalogue.retry')}</button></div>
      ) : null}
      {snapshot.matches('editing') || saving ? (
        <form className="card catalogue-form" noValidate onSubmit={(e) => { e.preventDefault(); sending(); send({ type: 'SAVE', values: payload(res, values) }); }}>
          {res.formHint ? <p className="muted form-hint">{t(res.formHint)}</p> : null}
          <div className="form-grid">
            {formCells(res.fields).map(([f, arabic]) => arabic
              ? <div key={f.name} className="span-all lang-pair">{renderField(f, true)}{renderField(arabic)}</div>
              : <div key={f.name} className={f.wide || f.kind === 'rich' ? 'span-all' : undefined}>{renderField(f)}</div>)}
          </div>
          <div className="button-row">
            <button type="submit" className="btn btn-primary" disabled={saving}>{saving ? <><span className="spinner" aria-hidden="true" /> {t('common.pleaseWait')}</> : t('catalogue.save')}</button>
            <button type="button" className="btn btn-secondary" onClick={() => navigate(res.list)}>{t('catalogue.cancel')}</button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
