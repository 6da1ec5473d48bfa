import { AutoComplete, Button, Flex, Form, Input } from 'antd';
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { documentsResource } from '@rx/contracts/documents';
import { resourceKey } from '@/shared/crud/index.ts';
import { http } from '@/shared/http.ts';
import { RichTextEditor } from '@/shared/rich-text/RichTextEditor.tsx';
import { UploadField } from '@/shared/upload/index.ts';

const RESOURCE = documentsResource.name;

/** The CP's categories in use (the category field offers them). */
export function useCategories() {
  return useQuery({
    queryKey: resourceKey(RESOURCE, 'categories', {}),
    queryFn: ({ signal }) =>
      http.get<{ categories: string[] }>(`/${RESOURCE}/categories`, undefined, { signal }),
  });
}

/** The fields of one document: title, category, rich text and attachments. */
export function DocumentForm() {
  const { t } = useTranslation('documents');
  const categories = useCategories();
  return (
    <>
      <Form.Item name="title" htmlFor="document-title" label={t('title')} required>
        <Input id="document-title" maxLength={200} />
      </Form.Item>
      <Form.Item
        name="category"
        htmlFor="document-category"
        label={t('category')}
        required
        extra={t('categoryHint')}
      >
        <AutoComplete
          id="document-category"
          maxLength={40}
          options={(categories.data?.categories ?? []).map((c) => ({ value: c }))}
          filterOption={(input, option) =>
            String(option?.value ?? '')
              .toLowerCase()
              .includes(input.toLowerCase())
          }
        />
      </Form.Item>
      <Form.Item name="body" label={t('body')}>
        <RichTextEditor aria-label={t('body')} />
      </Form.Item>
      <Form.List name="attachments">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8} data-testid="document-attachments">
            <span>{t('attachments')}</span>
            {fields.map((field, index) => (
              <Flex key={field.key} gap={8} align="start" wrap>
                <Form.Item name={[field.name, 'name']} style={{ flex: '1 1 140px', marginBlockEnd: 0 }}>
                  <Input
                    aria-label={t('attachmentName', { n: index + 1 })}
                    placeholder={t('attachmentNamePlaceholder')}
                    maxLength={120}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'url']} style={{ flex: '2 1 220px', marginBlockEnd: 0 }}>
                  <UploadField use="image" aria-label={t('attachmentUrl', { n: index + 1 })} />
                </Form.Item>
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={t('removeAttachment', { n: index + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            {fields.length < 20 && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', url: '' })}>
                {t('addAttachment')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </>
  );
}
