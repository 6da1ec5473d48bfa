import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, Tag, Typography } from 'antd';
import PoweroffOutlined from '@ant-design/icons/PoweroffOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { KillSwitch, SocialKind } from '@rx/contracts/social-access';
import { resourceKey } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { AppModal, useModalSend } from '@/shared/ui/index.ts';
import { RESOURCE } from './PolicyColumns.tsx';
import { switchesByRegion } from './social-helpers.ts';
import { formatDateTime } from '@/shared/format.ts';

/**
 * Each region's kill switch: on, every feature of the kind is off there for every player, whatever
 * the policies say. Turning one on asks the user to type the region's code.
 */
export function KillSwitches({ kind, canEdit }: { kind: SocialKind; canEdit: boolean }) {
  const { t } = useTranslation('social');
  const message = useMessage();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState<KillSwitch | null>(null);
  const [typed, setTyped] = useState('');
  const switches = useQuery({
    queryKey: resourceKey(RESOURCE, 'kill-switch', kind),
    queryFn: ({ signal }) => http.get<KillSwitch[]>(`/${RESOURCE}/kill-switch`, { kind }, { signal }),
  });
  const { busy, problem, close, send } = useModalSend(
    () => setConfirming(null),
    () => setTyped(''),
  );
  const flip = async () => {
    if (!confirming) return;
    await send(async () => {
      const on = !confirming.on;
      await http.post(`/${RESOURCE}/kill-switch`, { region: confirming.region, kind, on }, { silent: true });
      void client.invalidateQueries({ queryKey: [RESOURCE] });
      void message.warning(
        t(on ? 'kill.turnedOn' : 'kill.turnedOff', { region: t(`regions.${confirming.region}`) }),
      );
    });
  };
  const turningOn = confirming !== null && !confirming.on;

  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <PoweroffOutlined style={{ color: 'var(--ant-color-error)' }} />
          {t(`kill.title.${kind}`)}
        </Flex>
      }
      style={{ borderColor: 'var(--ant-color-error-border)', marginBlockEnd: 16 }}
      data-testid="kill-switches"
    >
      <Typography.Paragraph type="secondary">{t(`kill.hint.${kind}`)}</Typography.Paragraph>
      <Flex gap={16} wrap>
        {switchesByRegion(switches.data ?? [], kind).map((s) => (
          <Card
            key={s.region}
            size="small"
            data-testid={`kill-switch-${s.region}`}
            style={{
              minWidth: 260,
              background: s.on ? 'var(--ant-color-error-bg)' : undefined,
              borderColor: s.on ? 'var(--ant-color-error)' : undefined,
            }}
          >
            <Flex justify="space-between" align="center" gap={12}>
              <div>
                <Typography.Text strong>{t(`regions.${s.region}`)}</Typography.Text>{' '}
                <Tag color={s.on ? 'error' : 'default'}>{t(s.on ? 'kill.on' : 'kill.off')}</Tag>
                {s.updated_by && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {t('kill.lastChange', { by: s.updated_by, at: formatDateTime(s.updated_at) })}
                  </Typography.Text>
                )}
              </div>
              {canEdit && (
                <Button danger type={s.on ? 'default' : 'primary'} onClick={() => setConfirming(s)}>
                  {t(s.on ? 'kill.turnOff' : 'kill.turnOn')}
                </Button>
              )}
            </Flex>
          </Card>
        ))}
      </Flex>
      <AppModal
        open={confirming !== null}
        title={
          confirming
            ? t(turningOn ? 'kill.confirmOnTitle' : 'kill.confirmOffTitle', {
                region: t(`regions.${confirming.region}`),
              })
            : ''
        }
        okText={confirming ? t(turningOn ? 'kill.turnOn' : 'kill.turnOff') : ''}
        okButtonProps={{
          danger: true,
          loading: busy,
          disabled: turningOn && typed.trim() !== confirming?.region,
        }}
        onOk={() => void flip()}
        onCancel={close}
        destroyOnHidden
      >
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 12 }} />}
        {confirming && (
          <Flex vertical gap={12}>
            <Alert
              type={turningOn ? 'error' : 'warning'}
              showIcon
              title={t(turningOn ? `kill.onEffect.${kind}` : `kill.offEffect.${kind}`, {
                region: t(`regions.${confirming.region}`),
              })}
            />
            {turningOn && (
              <>
                <Typography.Text>{t('kill.typeToConfirm', { code: confirming.region })}</Typography.Text>
                <Input
                  aria-label={t('kill.typeLabel')}
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  placeholder={confirming.region}
                />
              </>
            )}
          </Flex>
        )}
      </AppModal>
    </Card>
  );
}
