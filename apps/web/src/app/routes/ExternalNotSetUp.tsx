import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { externalEntryOf } from '@rx/contracts/external-entries';
import { HOME_PATH } from '../menu/build.ts';
import { useCurrentPage } from './handle.ts';

/** The server variable that sets each external entry's address, named for the administrator. */
const VARIABLES = { bi: 'BI_URL', service_workbench: 'SERVICE_WORKBENCH_URL' } as const;

/**
 * An entry into another application (big-data platform, service workbench) whose address this
 * installation has not configured: said plainly inside the console instead of opening a dead window.
 */
export function ExternalNotSetUp() {
  const { t } = useTranslation('nav');
  const navigate = useNavigate();
  const page = useCurrentPage();
  const key = page ? externalEntryOf(page.path) : undefined;
  const title = page ? t(`menu:${page.meta.title}`) : '';
  return (
    <Result
      status="info"
      className="rx-external-not-set-up"
      title={t('external.title', { title })}
      subTitle={t('external.body', { variable: key ? VARIABLES[key] : '' })}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('common:errors.backHome')}
        </Button>
      }
    />
  );
}
