import { Link } from 'wouter';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN, RegisterInput } from '../../../contract/auth';
import { sendAuth } from '../../app/auth';
import { Field, SubmitButton, useForm } from '../../ui/form';
import { useAuthForm } from './useAuthForm';

export default function Register() {
  const { t } = useTranslation();
  const { isLoading, serverErrors } = useAuthForm();
  const form = useForm({ name: '', email: '', password: '', password_confirmation: '' });
  return (
    <>
      <h1>{t('auth.register.title')}</h1>
      <p className="lead">{t('auth.register.lead')}</p>
      <Form className="form" validationBehavior="aria" onSubmit={form.submit(RegisterInput, (input) => sendAuth({ type: 'REGISTER', input }))}>
        <Field {...form.field('name', serverErrors)} label={t('auth.fields.name')} autoComplete="name" autoFocus />
        <Field {...form.field('email', serverErrors)} label={t('auth.fields.email')} type="email" autoComplete="email" />
        <Field {...form.field('password', serverErrors)} label={t('auth.fields.password')} type="password" autoComplete="new-password" description={t('auth.fields.passwordHint', { min: PASSWORD_MIN })} />
        <Field {...form.field('password_confirmation', serverErrors)} label={t('auth.fields.passwordConfirmation')} type="password" autoComplete="new-password" />
        <SubmitButton isLoading={isLoading}>{t('auth.register.submit')}</SubmitButton>
      </Form>
      <p className="auth-footer">
        {t('auth.register.haveAccount')} <Link href="/auth/login">{t('auth.register.login')}</Link>
        <br />
        {t('auth.register.areYouAgent')} <Link href="/auth/agent/register">{t('auth.register.agentLink')}</Link>
      </p>
    </>
  );
}
