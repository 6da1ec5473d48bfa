import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The platform's mark and title, leading home. `compact` keeps only the mark (a collapsed sidebar). */
export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const title = t('platformTitle');
  return (
    <Link to="/" className="rx-logo" aria-label={title} title={title}>
      <svg className="rx-logo__mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M9 22V10h7a4 4 0 0 1 0 8h-3l6 4" fill="none" strokeWidth="2.6" />
      </svg>
      {!compact && <span className="rx-logo__title">{title}</span>}
    </Link>
  );
}

/** The page footer (setting showFooter): the platform's name and the year. */
export function Footer() {
  const { t } = useTranslation(['layout', 'common']);
  return (
    <footer className="rx-footer">
      {t('layout:footer', { year: new Date().getFullYear(), name: t('common:platformTitle') })}
    </footer>
  );
}
