import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../contract/auth';
import { agentStage } from '../../../machines/guard';
import { ResendButton } from '../auth/ResendButton';
import { Icon } from '../../ui/Icon';

/** Where an agent account stands: created → email verified → approved by Safar. */
export function OnboardingSteps({ user }: { user: User }) {
  const { t } = useTranslation();
  const stage = agentStage(user);
  const verified = stage !== 'unverified';
  const approved = stage === 'approved';
  return (
    <ol className="steps">
      <Step n={1} done title={t('agent.steps.created.title')} text={t('agent.steps.created.text')} />
      <Step n={2} done={verified} current={!verified} title={t('agent.steps.verify.title')} text={verified ? t('agent.steps.verify.done') : t('agent.steps.verify.text', { email: user.email })}>
        {!verified ? <ResendButton /> : null}
      </Step>
      <Step n={3} done={approved} current={verified && !approved} title={t('agent.steps.approval.title')} text={approved ? t('agent.steps.approval.done') : t('agent.steps.approval.text')} />
    </ol>
  );
}

function Step({ n, done, current, title, text, children }: { n: number; done?: boolean; current?: boolean; title: string; text: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li className={done ? 'step is-done' : current ? 'step is-current' : 'step'} aria-current={current ? 'step' : undefined}>
      <span className="step-dot" aria-hidden="true">{done ? <Icon name="check" size={16} /> : n}</span>
      <div>
        <p className="step-title">
          {title} <span className="visually-hidden">({done ? t('agent.steps.statusDone') : current ? t('agent.steps.statusCurrent') : t('agent.steps.statusLater')})</span>
        </p>
        <p className="step-text">{text}</p>
        {children ? <div className="step-action">{children}</div> : null}
      </div>
    </li>
  );
}
