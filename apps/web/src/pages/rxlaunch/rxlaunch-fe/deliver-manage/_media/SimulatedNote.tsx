import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Above a medium's page: what it shows and does is the fake adapter's, not the medium's. */
export function SimulatedNote({ shown }: { shown: boolean }) {
  const { t } = useTranslation('ads');
  return shown ? <Alert type="info" showIcon title={t('simulated')} style={{ marginBlockEnd: 16 }} /> : null;
}
