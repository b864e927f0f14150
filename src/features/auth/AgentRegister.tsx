import { Link } from 'wouter';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { AgentRegisterInput, PASSWORD_MIN } from '../../../contract/auth';
import { sendAuth } from '../../app/auth';
import { Field, SubmitButton, useForm } from '../../ui/form';
import { useAuthForm } from './useAuthForm';

export default function AgentRegister() {
  const { t } = useTranslation();
  const { isLoading, serverErrors } = useAuthForm();
  const form = useForm({ company_name: '', name: '', phone: '', email: '', password: '', password_confirmation: '' });
  return (
    <>
      <h1>{t('auth.agentRegister.title')}</h1>
      <p className="lead">{t('auth.agentRegister.lead')}</p>
      <Form className="form" validationBehavior="aria" onSubmit={form.submit(AgentRegisterInput, (input) => sendAuth({ type: 'REGISTER_AGENT', input }))}>
        <Field {...form.field('company_name', serverErrors)} label={t('auth.fields.companyName')} autoComplete="organization" autoFocus />
        <div className="form-row">
          <Field {...form.field('name', serverErrors)} label={t('auth.fields.contactName')} autoComplete="name" />
          <Field {...form.field('phone', serverErrors)} label={t('auth.fields.phone')} type="tel" autoComplete="tel" />
        </div>
        <Field {...form.field('email', serverErrors)} label={t('auth.fields.workEmail')} type="email" autoComplete="email" />
        <Field {...form.field('password', serverErrors)} label={t('auth.fields.password')} type="password" autoComplete="new-password" description={t('auth.fields.passwordHint', { min: PASSWORD_MIN })} />
        <Field {...form.field('password_confirmation', serverErrors)} label={t('auth.fields.passwordConfirmation')} type="password" autoComplete="new-password" />
        <p className="fine-print">{t('auth.agentRegister.approvalNote')}</p>
        <SubmitButton isLoading={isLoading}>{t('auth.agentRegister.submit')}</SubmitButton>
      </Form>
      <p className="auth-footer">
        {t('auth.register.haveAccount')} <Link href="/auth/login">{t('auth.register.login')}</Link>
      </p>
    </>
  );
}
