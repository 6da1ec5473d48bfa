import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Flex, Input, Popover, Space, Tooltip } from 'antd';
import BoldOutlined from '@ant-design/icons/BoldOutlined';
import ItalicOutlined from '@ant-design/icons/ItalicOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useTranslation } from 'react-i18next';
import { UploadField } from '@/shared/upload/index.ts';
import type { RichTextEditorProps } from './RichTextEditor.tsx';

type UrlKind = 'link' | 'image';
const SAFE_URL = /^(https?:\/\/|\/|mailto:)/i;

/**
 * The editor on ProseMirror (Tiptap): bold, italic, lists, links and images from the toolbar; the
 * schema keeps only the markup it knows (pasted or loaded), and the server's sanitiser still has
 * the last word on what is stored.
 * Loaded lazily by RichTextEditor.tsx. A form control (value/onChange).
 */
export default function TiptapEditor({
  value = '',
  onChange,
  id,
  dir,
  'aria-label': ariaLabel,
}: RichTextEditorProps) {
  const { t } = useTranslation('crud');
  const [asking, setAsking] = useState<UrlKind | null>(null);
  const [url, setUrl] = useState('');
  // An image's text alternative (WCAG 1.1.1): asked for with its address, required to insert it.
  const [alt, setAlt] = useState('');
  /** What this editor last handed out: an outside `value` differing from it is a new document. */
  const emitted = useRef(value);
  const editor = useEditor({
    extensions: [
      // Headings, quotes, code and the like stay as the document has them (the sanitiser allows them).
      StarterKit.configure({
        link: { openOnClick: false, autolink: false, isAllowedUri: (href) => SAFE_URL.test(href) },
      }),
      // A block of its own: inline nodes bring ProseMirror's separator images into the page.
      Image,
    ],
    content: value,
    editorProps: {
      attributes: {
        class: 'rx-rich-text__area',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
        ...(id ? { id } : {}),
        ...(dir ? { dir } : {}),
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      emitted.current = html;
      onChange?.(html);
    },
  });

  // Outside changes (another article loaded) replace the content; the user's own typing does not.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const urlReady = SAFE_URL.test(url.trim()) && (asking !== 'image' || alt.trim() !== '');
  const insertUrl = () => {
    const target = url.trim();
    if (!editor || !asking || !urlReady) return;
    const chain = editor.chain().focus();
    if (asking === 'image') chain.setImage({ src: target, alt: alt.trim() }).run();
    else if (editor.state.selection.empty)
      chain
        .insertContent({ type: 'text', text: target, marks: [{ type: 'link', attrs: { href: target } }] })
        .run();
    else chain.setLink({ href: target }).run();
    setAsking(null);
    setUrl('');
    setAlt('');
  };
  const urlButton = (kind: UrlKind, icon: ReactNode, label: string) => (
    <Popover
      trigger="click"
      open={asking === kind}
      onOpenChange={(open) => setAsking(open ? kind : null)}
      content={
        <Flex vertical gap={8} style={{ width: 300, maxWidth: '80vw' }}>
          {kind === 'image' ? (
            // An image: upload one (its address fills in), or give the address of one.
            <UploadField
              use="image"
              value={url}
              onChange={setUrl}
              testId="help-image"
              aria-label={t('editor.url')}
            />
          ) : (
            <Input
              autoFocus
              aria-label={t('editor.url')}
              placeholder="https://…"
              value={url}
              status={url && !SAFE_URL.test(url.trim()) ? 'error' : undefined}
              onChange={(e) => setUrl(e.target.value)}
              onPressEnter={insertUrl}
            />
          )}
          {kind === 'image' && (
            <Input
              aria-label={t('editor.alt')}
              placeholder={t('editor.alt')}
              value={alt}
              onChange={(e) => setAlt(e.target.value)}
              onPressEnter={insertUrl}
            />
          )}
          <Button type="primary" disabled={!urlReady} onClick={insertUrl}>
            {t('editor.insert')}
          </Button>
        </Flex>
      }
    >
      <Tooltip title={label}>
        <Button size="small" icon={icon} aria-label={label} />
      </Tooltip>
    </Popover>
  );
  const commandButton = (command: (editor: Editor) => void, icon: ReactNode, label: string) => (
    <Tooltip title={label}>
      <Button
        size="small"
        icon={icon}
        aria-label={label}
        // Keeps the selection in the text while the button is pressed.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => editor && command(editor)}
      />
    </Tooltip>
  );

  return (
    <Flex vertical className="rx-rich-text">
      <Space size={4} className="rx-rich-text__toolbar" role="toolbar">
        {commandButton((e) => e.chain().focus().toggleBold().run(), <BoldOutlined />, t('editor.bold'))}
        {commandButton((e) => e.chain().focus().toggleItalic().run(), <ItalicOutlined />, t('editor.italic'))}
        {commandButton(
          (e) => e.chain().focus().toggleBulletList().run(),
          <UnorderedListOutlined />,
          t('editor.bullets'),
        )}
        {commandButton(
          (e) => e.chain().focus().toggleOrderedList().run(),
          <OrderedListOutlined />,
          t('editor.numbers'),
        )}
        {urlButton('link', <LinkOutlined />, t('editor.link'))}
        {urlButton('image', <PictureOutlined />, t('editor.image'))}
      </Space>
      <EditorContent editor={editor} />
    </Flex>
  );
}
