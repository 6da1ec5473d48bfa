import { useState } from 'react';
import { Button, Dropdown } from 'antd';
import { useMessage } from '../feedback.tsx';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import { ApiError, http } from '../http.ts';

/** Saves a Blob under a name, through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

interface ExportButtonProps {
  resource: string;
  /** The list's filters: the export holds the same rows. */
  filters: Record<string, string>;
}

/** Exports the filtered rows as CSV or XLSX, showing the bytes received while the server streams. */
export function ExportButton({ resource, filters }: ExportButtonProps) {
  const { t } = useTranslation('crud');
  const message = useMessage();
  const [received, setReceived] = useState<number | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setReceived(0);
    try {
      const file = await http.download(
        `/${resource}/export`,
        { ...filters, format },
        { onProgress: setReceived },
      );
      saveBlob(file.blob, file.filename);
      void message.success(t('export.done', { size: formatBytes(file.blob.size) }));
    } catch (error) {
      // The http layer has already told staff why (a toast); rethrown, it was an unhandled rejection
      // in the console (issue 27).
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setReceived(null);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      disabled={received !== null}
      menu={{
        items: [
          { key: 'csv', label: 'CSV' },
          { key: 'xlsx', label: 'Excel (XLSX)' },
        ],
        onClick: ({ key }) => void run(key as 'csv' | 'xlsx'),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={received !== null}>
        {received === null ? t('export.button') : t('export.progress', { size: formatBytes(received) })}
      </Button>
    </Dropdown>
  );
}
