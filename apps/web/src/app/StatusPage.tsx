import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ShellButton } from './ShellButton.tsx';

interface StatusPageProps {
  /** Key in `common`. */
  title: string;
  action?: 'home' | 'retry';
}

/** A full-page notice: not found, no access, or a page that failed to load. */
export function StatusPage({ title, action = 'home' }: StatusPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="rx-status">
      <h3 className="rx-status__title">{t(title)}</h3>
      {action === 'retry' ? (
        <ShellButton variant="primary" onClick={() => window.location.reload()}>
          {t('errors.retry')}
        </ShellButton>
      ) : (
        <ShellButton variant="primary" onClick={() => void navigate('/homepage/index')}>
          {t('errors.backHome')}
        </ShellButton>
      )}
    </div>
  );
}

export const NotFoundPage = () => <StatusPage title="errors.notFound" />;
export const ForbiddenPage = () => <StatusPage title="errors.forbidden" />;
export const RouteErrorPage = () => <StatusPage title="errors.title" action="retry" />;
