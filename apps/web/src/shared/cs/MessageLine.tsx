import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CsMessage } from '@rx/contracts/cs';
import './messages.css';

/**
 * One message of a service conversation (the `cs` namespace's labels): the player's on one side,
 * the bot's and agents' on the other, private notes marked, system events centred.
 */
export function MessageLine({ message: m }: { message: CsMessage }) {
  const { t } = useTranslation('cs');
  if (m.kind === 'event') {
    return (
      <div className="rx-cs-event">
        <Typography.Text type="secondary">
          {t(`events.${m.event ?? 'handoff'}`, { name: m.author_name })}
        </Typography.Text>
      </div>
    );
  }
  const side = m.author === 'player' ? 'rx-cs-in' : 'rx-cs-out';
  const who = m.author === 'agent' ? m.author_name : t(`author.${m.author}`);
  return (
    <div className={`rx-cs-message ${side}${m.kind === 'note' ? ' rx-cs-note' : ''}`} data-author={m.author}>
      <Typography.Text type="secondary" className="rx-cs-who">
        {m.kind === 'note' ? t('noteBy', { name: who }) : who}
        {m.author !== 'player' && m.kind !== 'note' && m.read ? ` · ${t('read')}` : ''}
      </Typography.Text>
      {m.kind === 'image' ? (
        <img src={m.image_url} alt={t('image')} className="rx-cs-image" />
      ) : (
        <div className="rx-cs-text">{m.text}</div>
      )}
    </div>
  );
}
