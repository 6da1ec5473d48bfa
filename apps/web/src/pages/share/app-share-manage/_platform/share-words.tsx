import { Form, Input, Select, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { MAX_SHARE_HASHTAGS, SHARE_SCENES } from '@rx/contracts/share';
import * as crud from '@/shared/crud/index.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The words a share carries, as the words and videos pages show and edit them alike: the text
 * (within the platform's title limit), its hashtags and the scene it is for.
 */
export function wordsColumns<T extends { hashtags: string[] }>(t: Translate, hashtagsWidth: number) {
  return [
    {
      title: t('words.hashtags'),
      dataIndex: 'hashtags',
      width: hashtagsWidth,
      render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{`#${tag}`}</Tag>),
    },
    crud.enumColumn<T>(t, { title: t('scene'), dataIndex: 'scene', width: 110, sorter: true }, 'scenes'),
  ] satisfies ColumnType<T>[];
}

/** The list's search by scene. */
export const sceneSearch = (t: Translate) => crud.enumSearch(t, 'scene', t('scene'), SHARE_SCENES, 'scenes');

/** The form's words: the text under `name`, the hashtags and the scene. */
export function WordsFields({ t, name, titleMax }: { t: Translate; name: string; titleMax: number }) {
  return (
    <>
      <Form.Item name={name} label={t('words.text')} required extra={t('words.hint', { max: titleMax })}>
        <Input.TextArea maxLength={titleMax} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item
        name="hashtags"
        label={t('words.hashtags')}
        extra={t('words.hashtagsHint', { max: MAX_SHARE_HASHTAGS })}
      >
        <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ', '#']} />
      </Form.Item>
      <Form.Item name="scene" label={t('scene')} required>
        <Select options={crud.enumOptions(t, SHARE_SCENES, 'scenes')} />
      </Form.Item>
    </>
  );
}
