import { useEffect, useState } from 'react';
import { Alert, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AppPlatform } from '@rx/contracts/releases';
import {
  PACKAGE_STATUSES,
  appPackagesResource,
  packageFileId,
  type PackageInspection,
  type PackageManifest,
} from '@rx/contracts/app-packages';
import { enumOptions } from '@/shared/crud/index.ts';
import { ApiError, http } from '@/shared/http.ts';
import { PlatformChannelFields } from '@/shared/release/PlatformChannelFields.tsx';
import { UploadField } from '@/shared/upload/index.ts';

/** The staff read a package file at this address; the form keeps the file's id. */
const FILE_PATH = /^\/api\/v1\/files\/([A-Za-z0-9_-]{22})$/;

/** A form field holding an uploaded package's id: upload (streamed, checked) or keep the current one. */
function PackageFile({
  id,
  value,
  onChange,
  disabled,
}: {
  id?: string;
  value?: string;
  onChange?: (fileId: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('appPackages');
  return (
    <UploadField
      id={id}
      use="package"
      disabled={disabled}
      value={value ? `/api/v1/files/${value}` : ''}
      // A typed address that is not an uploaded file stays as typed, for the server to refuse.
      onChange={(url) => onChange?.(FILE_PATH.exec(url)?.[1] ?? url)}
      testId="package-file"
      aria-label={t('file')}
    />
  );
}

/**
 * What the uploaded package says about itself (`GET /app-packages/inspect`), once it is uploaded:
 * fills the version name and build number staff have not typed; a package the server refuses shows
 * the reason on the file at once. Null until read, for kinds not read, and while editing.
 */
function usePackageManifest(editing: boolean, typed: ReadonlySet<string>): PackageManifest | null {
  const form = Form.useFormInstance();
  const fileId = Form.useWatch<string | undefined>('file_id', form);
  const platform = Form.useWatch<AppPlatform | undefined>('platform', form);
  const [read, setRead] = useState<{ fileId: string; manifest: PackageManifest | null } | null>(null);
  useEffect(() => {
    if (editing || !fileId || !packageFileId.safeParse(fileId).success) return;
    const controller = new AbortController();
    http
      .get<PackageInspection>(
        `/${appPackagesResource.name}/inspect`,
        { file_id: fileId, platform },
        { signal: controller.signal, silent: true },
      )
      .then(({ manifest }) => {
        setRead({ fileId, manifest });
        if (!manifest) return;
        const fill: Record<string, unknown> = {};
        const said = { version_name: manifest.version_name, version_code: manifest.version_code };
        for (const name of ['version_name', 'version_code'] as const) {
          const value = said[name];
          const current: unknown = form.getFieldValue(name);
          if (value === null || value === '') continue;
          if (!typed.has(name) || current === undefined || current === null || current === '')
            fill[name] = value;
        }
        form.setFieldsValue(fill);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setRead({ fileId, manifest: null });
        const reason =
          error instanceof ApiError ? (error.data as { fields?: Record<string, string> } | null) : null;
        const message = reason?.fields?.file_id;
        if (message) form.setFields([{ name: 'file_id', errors: [message] }]);
      });
    return () => controller.abort();
  }, [editing, fileId, platform, form, typed]);
  return read && read.fileId === fileId ? read.manifest : null;
}

/** The version fields the package's own manifest also gives: their hint, and the warning when they differ. */
const MANIFEST_HINTS = {
  version_name: { hint: 'versionNameHint', differs: 'manifest.nameDiffers' },
  version_code: { hint: 'versionCodeHint', differs: 'manifest.codeDiffers' },
} as const;

/** The fields of a package; platform, channels, build number and file never change once created. */
export function PackageForm({ editing }: { editing: boolean }) {
  const { t } = useTranslation('appPackages');
  const form = Form.useFormInstance();
  // The fields staff typed in (the package's own values never replace those; a default is replaced).
  const [typed] = useState(() => new Set<string>());
  const manifest = usePackageManifest(editing, typed);
  const typedValues = {
    version_name: Form.useWatch<string | undefined>('version_name', form),
    version_code: Form.useWatch<number | null | undefined>('version_code', form),
  };
  /** Where a typed value is not what the package says: a warning under the field (the server refuses another build number). */
  const differs = (name: keyof typeof MANIFEST_HINTS) => {
    const expected = manifest?.[name];
    const value = typedValues[name];
    if (expected === undefined || expected === null || expected === '') return null;
    if (value === undefined || value === null || value === '' || String(value).trim() === String(expected))
      return null;
    return (
      <Typography.Text type="warning" data-testid={`differs-${name}`} style={{ display: 'block' }}>
        {t(MANIFEST_HINTS[name].differs, { value: expected })}
      </Typography.Text>
    );
  };
  /** A version field's hint, then the warning when the package says otherwise. */
  const extra = (name: keyof typeof MANIFEST_HINTS) => (
    <>
      {t(MANIFEST_HINTS[name].hint)}
      {differs(name)}
    </>
  );
  return (
    <>
      <PlatformChannelFields ns="appPackages" editing={editing} />
      <Form.Item name="sub_channel" label={t('subChannel')} extra={t('subChannelHint')}>
        <Input disabled={editing} maxLength={64} />
      </Form.Item>
      <Form.Item name="version_name" label={t('versionName')} required extra={extra('version_name')}>
        <Input maxLength={32} placeholder="1.4.2" onChange={() => typed.add('version_name')} />
      </Form.Item>
      <Form.Item name="version_code" label={t('versionCode')} required extra={extra('version_code')}>
        <InputNumber
          disabled={editing}
          style={{ width: '100%' }}
          min={1}
          precision={0}
          onChange={() => typed.add('version_code')}
        />
      </Form.Item>
      <Form.Item
        name="file_id"
        label={t('file')}
        required
        extra={t('fileHint')}
        rules={[{ required: true, message: t('fileRequired') }]}
      >
        <PackageFile disabled={editing} />
      </Form.Item>
      {manifest && (
        <Alert
          type="info"
          showIcon
          data-testid="package-manifest"
          style={{ marginBottom: 16 }}
          title={t('manifest.title')}
          description={t('manifest.read', {
            appId: manifest.app_id || '—',
            versionName: manifest.version_name || '—',
            build: manifest.build || '—',
            minOs: manifest.min_os || '—',
          })}
        />
      )}
      <Form.Item name="download_url" label={t('downloadUrl')} extra={t('downloadUrlHint')}>
        <Input maxLength={500} placeholder="https://" />
      </Form.Item>
      <Form.Item name="status" label={t('status')} required extra={t('statusHint')}>
        <Select options={enumOptions(t, PACKAGE_STATUSES, 'statuses')} />
      </Form.Item>
      <Form.Item name="note" label={t('note')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}
