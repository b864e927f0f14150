import { Link } from 'wouter';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { LoginInput } from '../../../contract/auth';
import { sendAuth } from '../../app/auth';
import { Field, SubmitButton, useForm } from '../../ui/form';
import { useAuthForm } from './useAuthForm';

export default function Login() {
  const { t } = useTranslation();
  const { isLoading, serverErrors } = useAuthForm();
  const form = useForm({ email: '', password: '' });
  return (
    <>
      <h1>{t('auth.login.title')}</h1>
      <p className="lead">{t('auth.login.lead')}</p>
      <Form className="form" validationBehavior="aria" onSubmit={form.submit(LoginInput, (input) => sendAuth({ type: 'LOGIN', input }))}>
        <Field {...form.field('email', serverErrors)} label={t('auth.fields.email')} type="email" autoComplete="username" autoFocus />
        <Field {...form.field('password', serverErrors)} label={t('auth.fields.password')} type="password" autoComplete="current-password" />
        <div className="auth-links">
          <Link href="/auth/forgot-password">{t('auth.login.forgot')}</Link>
        </div>
        <SubmitButton isLoading={isLoading}>{t('auth.login.submit')}</SubmitButton>
      </Form>
      <div className="auth-divider">{t('auth.login.newHere')}</div>
      <div className="button-pair">
        <Link href="/auth/register" className="btn btn-secondary">{t('auth.login.registerCustomer')}</Link>
        <Link href="/auth/agent/register" className="btn btn-secondary">{t('auth.login.registerAgent')}</Link>
      </div>
    </>
  );
}
