import { textFor } from '@rx/contracts/required-language';
import { useState } from 'react';
import { Button, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@rx/contracts/announcements';
import { LANGUAGES, LANGUAGE_NAMES, RTL_LANGUAGES, type Language } from '@rx/contracts/languages';
import { useLocale } from '@/shared/i18n.ts';
import '@/shared/rich-text/rich-text.css';
import './notice-preview.css';

/**
 * A notice as a player sees it, in a phone-sized frame, in any of its languages (a language
 * without its own text shows the Chinese one, as the game API does). The body is the server's
 * sanitised HTML, the same the game receives.
 */
export function NoticePreview({ notice, onClose }: { notice: Announcement | null; onClose: () => void }) {
  const { t } = useTranslation('announcements');
  const uiLanguage = useLocale((s) => s.language);
  const [chosen, setChosen] = useState<Language | null>(null);
  const lang = chosen ?? uiLanguage;
  if (!notice) return null;
  const title = textFor(notice.title, lang);
  const body = textFor(notice.body, lang);
  const dir = RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';
  const action =
    notice.click_action === 'none' ? null : (
      <Button type="primary" block className="rx-notice-cta" title={notice.click_target}>
        {t(notice.click_action === 'url' ? 'previewOpenLink' : 'previewGo')}
      </Button>
    );
  return (
    <Modal
      open
      title={t('previewTitle')}
      onCancel={() => {
        setChosen(null);
        onClose();
      }}
      footer={null}
      width={440}
    >
      <Select
        aria-label={t('previewLanguage')}
        value={lang}
        onChange={setChosen}
        options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        style={{ width: 160, marginBottom: 12 }}
      />
      <div
        className={`rx-notice-phone rx-notice-${notice.type}`}
        dir={dir}
        lang={lang}
        data-testid="notice-preview"
      >
        {notice.type === 'marquee' ? (
          <div className="rx-notice-marquee" role="marquee" aria-label={title}>
            <span>{title}</span>
          </div>
        ) : (
          <div className="rx-notice-card">
            {notice.type === 'maintenance' && <div className="rx-notice-badge">{t('types.maintenance')}</div>}
            {notice.image_url && <img src={notice.image_url} alt="" className="rx-notice-image" />}
            <Typography.Title level={5} className="rx-notice-title">
              {title}
            </Typography.Title>
            <div className="rx-help-body rx-notice-body" dangerouslySetInnerHTML={{ __html: body }} />
            {action}
          </div>
        )}
      </div>
    </Modal>
  );
}
