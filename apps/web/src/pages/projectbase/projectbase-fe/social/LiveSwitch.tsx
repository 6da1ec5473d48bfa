import { useState } from 'react';
import { Popconfirm, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

interface LiveSwitchProps {
  checked: boolean;
  disabled?: boolean;
  /** The switch's accessible name: what it turns and where. */
  label: string;
  /** The question, and what the change does to players at once. */
  title: string;
  effect: string;
  onConfirm: () => Promise<unknown>;
}

/**
 * A switch on live policy: clicking it only asks, naming the effect; the change is saved once
 * confirmed, and the switch moves when the saved row comes back.
 */
export function LiveSwitch({ checked, disabled, label, title, effect, onConfirm }: LiveSwitchProps) {
  const { t } = useTranslation('social');
  const [saving, setSaving] = useState(false);
  const confirm = async () => {
    setSaving(true);
    try {
      await onConfirm();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popconfirm
      title={title}
      description={<div style={{ maxWidth: 320 }}>{effect}</div>}
      okText={checked ? t('confirm.turnOff') : t('confirm.turnOn')}
      okButtonProps={{ danger: checked }}
      disabled={disabled}
      onConfirm={confirm}
    >
      <Switch size="small" checked={checked} disabled={disabled} loading={saving} aria-label={label} />
    </Popconfirm>
  );
}
