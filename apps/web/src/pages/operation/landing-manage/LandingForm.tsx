import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANDING_STORES, LANDING_STORE_NAMES, LANDING_TEMPLATES } from '@rx/contracts/landing-pages';
import { LANGUAGES, LANGUAGE_NAMES, RTL_LANGUAGES } from '@rx/contracts/languages';
import type { Language } from '@rx/contracts/languages';
import * as crud from '@/shared/crud/index.ts';
import { RowsField } from '@/shared/crud/RowsField.tsx';
import { RichTextEditor } from '@/shared/rich-text/RichTextEditor.tsx';

const languageOptions = LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }));
const storeOptions = LANDING_STORES.map((store) => ({ value: store, label: LANDING_STORE_NAMES[store] }));
export const NEW_VARIANT = {
  lang: 'zh',
  title: '',
  description: '',
  body_html: '',
  og_title: '',
  og_description: '',
  og_image: '',
};

/** The draft of a landing page: its address, language versions with their share previews, store buttons and deep link. */
export function LandingForm() {
  const { t } = useTranslation('landing');
  const form = Form.useFormInstance();
  const variants = (Form.useWatch('variants', form) ?? []) as { lang?: Language }[];
  return (
    <>
      <Form.Item name="slug" label={t('slug')} required extra={t('slugHint')}>
        <Input maxLength={63} />
      </Form.Item>
      <Form.Item name="name" label={t('crud:field.name')} required>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="template" htmlFor="landing-template" label={t('template')} required>
        <Select id="landing-template" options={crud.enumOptions(t, LANDING_TEMPLATES, 'templates')} />
      </Form.Item>
      <Form.Item name="default_lang" htmlFor="landing-default-lang" label={t('defaultLang')} required>
        <Select id="landing-default-lang" options={languageOptions} />
      </Form.Item>
      <Form.Item label={t('variants')} required extra={t('variantsHint')}>
        <RowsField
          name="variants"
          max={LANGUAGES.length}
          wrap
          testId="landing-variants"
          newRow={NEW_VARIANT}
          addLabel={t('addVariant')}
          removeLabel={(i) => t('removeVariant', { n: i + 1 })}
          row={(field, i) => {
            const lang = variants[i]?.lang ?? 'zh';
            return (
              <>
                <Form.Item name={[field.name, 'lang']} style={{ width: 140, marginBlockEnd: 0 }}>
                  <Select aria-label={t('variantLang', { n: i + 1 })} options={languageOptions} />
                </Form.Item>
                <Form.Item name={[field.name, 'title']} style={{ flex: '1 1 200px', marginBlockEnd: 0 }}>
                  <Input
                    aria-label={t('variantTitle', { n: i + 1 })}
                    placeholder={t('title')}
                    maxLength={120}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'description']} style={{ flex: '1 1 100%', marginBlockEnd: 0 }}>
                  <Input
                    aria-label={t('variantDescription', { n: i + 1 })}
                    placeholder={t('description')}
                    maxLength={300}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'body_html']} style={{ flex: '1 1 100%', marginBlockEnd: 0 }}>
                  <RichTextEditor
                    aria-label={t('variantBody', { n: i + 1 })}
                    dir={RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr'}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'og_title']} style={{ flex: '1 1 200px', marginBlockEnd: 0 }}>
                  <Input
                    aria-label={t('ogTitle', { n: i + 1 })}
                    placeholder={t('ogTitleShort')}
                    maxLength={120}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'og_image']} style={{ flex: '1 1 200px', marginBlockEnd: 0 }}>
                  <Input
                    aria-label={t('ogImage', { n: i + 1 })}
                    placeholder={t('ogImageShort')}
                    maxLength={1000}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'og_description']}
                  style={{ flex: '1 1 100%', marginBlockEnd: 0 }}
                >
                  <Input
                    aria-label={t('ogDescription', { n: i + 1 })}
                    placeholder={t('ogDescriptionShort')}
                    maxLength={300}
                  />
                </Form.Item>
              </>
            );
          }}
        />
      </Form.Item>
      <Form.Item label={t('storeButtons')}>
        <RowsField
          name="store_buttons"
          max={LANDING_STORES.length}
          testId="landing-stores"
          newRow={{ store: 'app_store', url: '' }}
          addLabel={t('addStore')}
          removeLabel={(i) => t('removeStore', { n: i + 1 })}
          row={(field, i) => (
            <>
              <Form.Item name={[field.name, 'store']} style={{ width: 170, marginBlockEnd: 0 }}>
                <Select aria-label={t('store', { n: i + 1 })} options={storeOptions} />
              </Form.Item>
              <Form.Item name={[field.name, 'url']} style={{ flex: '1 1 200px', marginBlockEnd: 0 }}>
                <Input aria-label={t('storeUrl', { n: i + 1 })} placeholder="https://" maxLength={1000} />
              </Form.Item>
            </>
          )}
        />
      </Form.Item>
      <Form.Item name="deep_link" label={t('deepLink')} extra={t('deepLinkHint')}>
        <Input maxLength={1000} placeholder="mygame://open" />
      </Form.Item>
      <Form.Item name="fallback_url" label={t('fallbackUrl')} extra={t('fallbackHint')}>
        <Input maxLength={1000} placeholder="https://" />
      </Form.Item>
    </>
  );
}
