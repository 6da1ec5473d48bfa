import { useState } from 'react';
import { Button, Card, Flex, Progress, Statistic, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCodesResource, type ErrorCodeMissing } from '@rx/contracts/error-codes';
import { LANGUAGE_NAMES, type Language } from '@rx/contracts/languages';
import { resourceKey } from '@/shared/crud/index.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';

const RESOURCE = errorCodesResource.name;
import { languagesByGap, translatedPercent } from './error-code-helpers.ts';

type Row = ErrorCodeMissing['list'][number];

interface MissingReportProps {
  /** The language looked at (the list's `missing_lang` filter too); undefined: any language. */
  lang: Language | undefined;
  onLang: (lang: Language | undefined) => void;
  /** Opens the code in the list to translate it. */
  onOpen: (code: string) => void;
}

/** What translators have left: per language how many enabled codes lack a text, and which. */
export function MissingReport({ lang, onLang, onOpen }: MissingReportProps) {
  const { t } = useTranslation('errorCodes');
  const [paging, setPaging] = useState({ page: 1, page_size: 10 });
  const query = { ...paging, ...(lang ? { lang } : {}) };
  const report = useQuery({
    queryKey: resourceKey(RESOURCE, 'missing', query),
    queryFn: ({ signal }) => http.get<ErrorCodeMissing>(`/${RESOURCE}/missing`, query, { signal }),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const choose = (next: Language | undefined) => {
    setPaging((p) => ({ ...p, page: 1 }));
    onLang(next);
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap data-testid="missing-by-language">
        <Card size="small" hoverable onClick={() => choose(undefined)} style={{ minWidth: 130 }}>
          <Statistic title={t('missingAny')} value={data?.codes ?? 0} suffix={t('codesSuffix')} />
          {lang === undefined && <Tag color="processing">{t('showing')}</Tag>}
        </Card>
        {data &&
          languagesByGap(data.by_language).map((l) => {
            const missing = data.by_language[l] ?? 0;
            return (
              <Card
                key={l}
                size="small"
                hoverable
                data-lang={l}
                onClick={() => choose(l)}
                style={{ minWidth: 130, borderColor: lang === l ? 'var(--ant-color-primary)' : undefined }}
              >
                <Statistic title={LANGUAGE_NAMES[l]} value={missing} suffix={t('missingSuffix')} />
                <Progress size="small" percent={translatedPercent(data.codes, missing)} />
              </Card>
            );
          })}
      </Flex>
      <Typography.Text type="secondary">
        {lang ? t('missingIn', { language: LANGUAGE_NAMES[lang] }) : t('missingAnyHint')}
      </Typography.Text>
      <DataTable<Row>
        rowKey="id"
        loading={report.isFetching}
        dataSource={data?.list}
        columns={[
          { title: t('code'), dataIndex: 'code', width: 110 },
          { title: t('module'), dataIndex: 'module', width: 100 },
          { title: t('defaultText'), dataIndex: 'default_text', width: 260 },
          {
            title: t('missingLanguages'),
            dataIndex: 'missing',
            width: 260,
            render: (missing: Language[]) =>
              missing.map((l) => (
                <Tag key={l} color={l === lang ? 'error' : 'warning'}>
                  {l}
                </Tag>
              )),
          },
          {
            title: t('crud:action.actions'),
            key: 'actions',
            width: 110,
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => onOpen(row.code)}>
                {t('translate')}
              </Button>
            ),
          },
        ]}
        pagination={{
          current: paging.page,
          pageSize: paging.page_size,
          total: data?.total ?? 0,
          onChange: (page, page_size) => setPaging({ page, page_size }),
        }}
      />
    </Flex>
  );
}
