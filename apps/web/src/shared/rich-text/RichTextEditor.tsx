import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Flex, Input, Popover, Space, Tooltip } from 'antd';
import BoldOutlined from '@ant-design/icons/BoldOutlined';
import ItalicOutlined from '@ant-design/icons/ItalicOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import { useTranslation } from 'react-i18next';
import { UploadField } from '@/shared/upload/index.ts';
import './rich-text.css';

interface RichTextEditorProps {
  /** HTML; the server keeps only its allow-list of tags and link schemes. */
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-label'?: string;
  dir?: 'rtl' | 'ltr';
}

type UrlCommand = 'createLink' | 'insertImage';
const SAFE_URL = /^(https?:\/\/|\/|mailto:)/i;

/**
 * A small rich-text editor: bold, italic, lists, links and images on a contentEditable area,
 * through the browser's editing commands (no editor library). A form control (value/onChange).
 */
export function RichTextEditor({
  value = '',
  onChange,
  id,
  dir,
  'aria-label': ariaLabel,
}: RichTextEditorProps) {
  const { t } = useTranslation('crud');
  const area = useRef<HTMLDivElement>(null);
  const saved = useRef<Range | null>(null);
  const [asking, setAsking] = useState<UrlCommand | null>(null);
  const [url, setUrl] = useState('');
  // An image's text alternative (WCAG 1.1.1): asked for with its address, required to insert it.
  const [alt, setAlt] = useState('');

  // Outside changes (another article loaded) replace the content; the user's own typing does not.
  useEffect(() => {
    const el = area.current;
    if (el && el.innerHTML !== value) el.innerHTML = value;
  }, [value]);

  const emit = () => onChange?.(area.current?.innerHTML ?? '');
  const run = (command: string, argument?: string) => {
    area.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };
  const keepSelection = () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount ? selection.getRangeAt(0) : null;
    saved.current = range && area.current?.contains(range.commonAncestorContainer) ? range : null;
  };
  const urlReady = SAFE_URL.test(url.trim()) && (asking !== 'insertImage' || alt.trim() !== '');
  const insertUrl = () => {
    const target = url.trim();
    if (!asking || !urlReady) return;
    area.current?.focus();
    const selection = window.getSelection();
    if (saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
    if (asking === 'insertImage') {
      // insertImage cannot set alt: the element is built here, its attributes escaped by the DOM.
      const image = document.createElement('img');
      image.setAttribute('src', target);
      image.setAttribute('alt', alt.trim());
      run('insertHTML', image.outerHTML);
    } else {
      run(asking, target);
    }
    setAsking(null);
    setUrl('');
    setAlt('');
  };
  const urlButton = (command: UrlCommand, icon: ReactNode, label: string) => (
    <Popover
      trigger="click"
      open={asking === command}
      onOpenChange={(open) => {
        if (open) keepSelection();
        setAsking(open ? command : null);
      }}
      content={
        <Flex vertical gap={8} style={{ width: 300, maxWidth: '80vw' }}>
          {command === 'insertImage' ? (
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
          {command === 'insertImage' && (
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
        <Button size="small" icon={icon} aria-label={label} onMouseDown={keepSelection} />
      </Tooltip>
    </Popover>
  );
  const commandButton = (command: string, icon: ReactNode, label: string) => (
    <Tooltip title={label}>
      <Button
        size="small"
        icon={icon}
        aria-label={label}
        // Keeps the selection in the text while the button is pressed.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => run(command)}
      />
    </Tooltip>
  );

  return (
    <Flex vertical className="rx-rich-text">
      <Space size={4} className="rx-rich-text__toolbar" role="toolbar">
        {commandButton('bold', <BoldOutlined />, t('editor.bold'))}
        {commandButton('italic', <ItalicOutlined />, t('editor.italic'))}
        {commandButton('insertUnorderedList', <UnorderedListOutlined />, t('editor.bullets'))}
        {commandButton('insertOrderedList', <OrderedListOutlined />, t('editor.numbers'))}
        {urlButton('createLink', <LinkOutlined />, t('editor.link'))}
        {urlButton('insertImage', <PictureOutlined />, t('editor.image'))}
      </Space>
      <div
        ref={area}
        id={id}
        className="rx-rich-text__area"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={ariaLabel}
        dir={dir}
        onInput={emit}
        onBlur={emit}
      />
    </Flex>
  );
}
