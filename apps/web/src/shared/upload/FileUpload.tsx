import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Image, Input, Progress, Typography, Upload } from 'antd';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useTranslation } from 'react-i18next';
import { FILE_USE_LIMITS, megabytes, type FileItem, type FileUse } from '@rx/contracts/files';
import { refusalOf, sendFile } from './send-file.ts';
import './upload.css';

export interface FileUploadProps {
  /** The file's address: what the form stores (an uploaded file's url, or an address typed in). */
  value?: string;
  onChange?: (url: string) => void;
  /** What the file is for: its accepted types and size limit (packages/contracts/src/files.ts). */
  use?: FileUse;
  /** Given by Form.Item: the address field gets it, so the label points there. */
  id?: string;
  disabled?: boolean;
  /** Called with what the server stored, after a successful upload. */
  onUploaded?: (item: FileItem) => void;
  /** For tests: the hidden file input's test id. */
  testId?: string;
  /** The address field's name for assistive technology (default: "File address"). */
  'aria-label'?: string;
}

/**
 * A form field whose value is a file's address: upload a file (checked here against the same limits
 * the server enforces, with progress), or type or keep an existing address. Images show a preview.
 */
export default function FileUpload({
  value = '',
  onChange,
  use = 'image',
  id,
  disabled,
  onUploaded,
  testId,
  'aria-label': ariaLabel,
}: FileUploadProps) {
  const { t } = useTranslation('files');
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const limits = FILE_USE_LIMITS[use];
  const hintId = id ? `${id}-upload-hint` : undefined;

  const start = async (file: File) => {
    const refusal = refusalOf(file, use);
    setError(refusal);
    if (refusal) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setPercent(0);
    try {
      const item = await sendFile(file, use, setPercent, controller.signal);
      onChange?.(item.url);
      onUploaded?.(item);
    } catch (failure) {
      if (!controller.signal.aborted) setError((failure as Error).message);
    } finally {
      if (running.current === controller) {
        running.current = null;
        setPercent(null);
      }
    }
  };

  const uploading = percent !== null;
  return (
    <Flex vertical gap={8} className="rx-file-upload">
      <Flex gap={12} align="center" wrap>
        {use === 'image' && (
          <div className="rx-file-upload__preview" data-testid={testId ? `${testId}-preview` : undefined}>
            {value ? (
              <Image src={value} alt={t('preview')} width={56} height={56} />
            ) : (
              <span className="rx-file-upload__empty">{t('noImage')}</span>
            )}
          </div>
        )}
        <Upload
          accept={limits.extensions.join(',')}
          showUploadList={false}
          disabled={disabled || uploading}
          multiple={false}
          // The file goes through `start` (checks, progress, the console's token), never antd's request.
          beforeUpload={(file) => {
            void start(file);
            return false;
          }}
          data-testid={testId}
        >
          <Button icon={<UploadOutlined />} disabled={disabled || uploading} aria-describedby={hintId}>
            {value ? t('replace') : t('upload')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" id={hintId} className="rx-file-upload__hint">
          {t('hint', {
            types: limits.extensions.map((ending) => ending.slice(1).toUpperCase()).join(', '),
            max: megabytes(limits.maxBytes),
          })}
        </Typography.Text>
      </Flex>
      {uploading && <Progress percent={percent} size="small" aria-label={t('uploading')} />}
      <Input
        id={id}
        value={value}
        disabled={disabled}
        placeholder={t('urlPlaceholder')}
        aria-label={ariaLabel ?? t('url')}
        maxLength={500}
        allowClear
        onChange={(event) => {
          setError(null);
          onChange?.(event.target.value);
        }}
      />
      {error && (
        <Typography.Text type="danger" role="alert" className="rx-file-upload__error">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}
