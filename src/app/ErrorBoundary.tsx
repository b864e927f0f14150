import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/Icon';

/**
 * A screen that fails to load raises its error; this boundary is what handles it, with a retry
 * (a new deploy can remove old chunks, a flaky network can drop one).
 */
interface Props {
  children: ReactNode;
  onRetry: () => void;
}
export class ScreenErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Screen failed', error, info.componentStack);
  }

  retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    return this.state.error ? <ScreenFailed onRetry={this.retry} /> : this.props.children;
  }
}

function ScreenFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="card state-card" role="alert">
      <Icon name="alert" size={32} className="state-icon state-icon-warn" />
      <h1>{t('errors.screen.title')}</h1>
      <p className="muted">{t('errors.screen.body')}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>{t('common.retry')}</button>
    </div>
  );
}
