import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ShellButton } from '../ShellButton.tsx';
import { RouteErrorPage } from '../StatusPage.tsx';
import { isChunkLoadError, useStaleBuild } from './modules.ts';

const reload = () => window.location.reload();

/** Inside the layout: a page that failed. A missing chunk (a deploy meanwhile) offers a reload. */
export function PageError() {
  const error = useRouteError();
  const { t } = useTranslation('nav');
  if (!isChunkLoadError(error)) return <RouteErrorPage />;
  // Plain blocks, not antd's Result: this boundary is part of the shell's first download.
  return (
    <div className="rx-status rx-stale-build">
      <h3 className="rx-status__title">{t('staleBuild.title')}</h3>
      <p className="rx-status__body">{t('staleBuild.body')}</p>
      <ShellButton variant="primary" onClick={reload}>
        {t('staleBuild.reload')}
      </ShellButton>
    </div>
  );
}

/**
 * Anywhere in the console: once a chunk failed to load, a lasting banner offers a reload (a plain
 * bar, so the shell's first download carries no notification code for it).
 */
export function StaleBuildNotice() {
  const stale = useStaleBuild((state) => state.stale);
  const { t } = useTranslation('nav');
  if (!stale) return null;
  return (
    <div className="rx-stale-banner" role="alert">
      <strong>{t('staleBuild.title')}</strong>
      <span>{t('staleBuild.body')}</span>
      <ShellButton variant="primary" size="small" onClick={reload}>
        {t('staleBuild.reload')}
      </ShellButton>
    </div>
  );
}
