import { useState } from 'react';
import { Button, Checkbox, Flex, Input, Popover, Tag, Tooltip, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import StarOutlined from '@ant-design/icons/StarOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { SavedView, SavedViewCreate } from '@rx/contracts/saved-views';
import { ApiError, http } from '../http.ts';
import { arrange, type TableSetup } from './column-settings.ts';

/** Address parameters a view does not keep: the page number (a view starts on page 1). */
const NOT_KEPT = new Set(['page']);

interface SavedViewsProps {
  /** The table's column keys, in the page's order (the actions column excepted). */
  columns: string[];
  setup: TableSetup;
  onSetup: (setup: TableSetup) => void;
}

/**
 * Saved views of the list on screen: its filters and sort (the address) and its columns, under a
 * name, for the user or shared with their CP. Choosing one puts them back.
 */
export default function SavedViews({ columns, setup, onSetup }: SavedViewsProps) {
  const { t } = useTranslation('savedViews');
  // The list is named by its page's catalogue path, which is the route's path under the base.
  const list = useLocation().pathname.replace(/\/+$/, '') || undefined;
  const [search, setSearch] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string>();
  const client = useQueryClient();
  const key = ['saved-views', list];
  const views = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => http.get<SavedView[]>('/saved-views', { list: list! }, { signal, silent: true }),
    enabled: !!list && open,
  });
  const save = useMutation({
    mutationFn: (body: SavedViewCreate) => http.post<SavedView>('/saved-views', body, { silent: true }),
    onSuccess: () => {
      setName('');
      setShared(false);
      setError(undefined);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (e) => {
      const fields =
        e instanceof ApiError ? (e.data as { fields?: Record<string, string> } | null)?.fields : undefined;
      setError(fields?.name ?? (e instanceof Error ? e.message : t('failed')));
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => http.delete(`/saved-views/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  });
  if (!list) return null;

  const apply = (view: SavedView) => {
    setSearch(new URLSearchParams(view.state.query));
    if (view.state.columns) {
      const shown = view.state.columns.filter((c) => columns.includes(c));
      onSetup({
        ...setup,
        order: [...shown, ...columns.filter((c) => !shown.includes(c))],
        hidden: columns.filter((c) => !shown.includes(c)),
      });
    }
    setOpen(false);
  };
  const submit = () => {
    const query = Object.fromEntries([...search].filter(([k, v]) => !NOT_KEPT.has(k) && v !== ''));
    const visible = arrange(
      columns.map((c) => ({ key: c })),
      setup,
    ).map((c) => c.key);
    save.mutate({ list, name: name.trim(), shared, state: { query, columns: visible } });
  };

  const content = (
    <Flex vertical gap={8} className="rx-saved-views">
      {views.isError && <Typography.Text type="danger">{t('failed')}</Typography.Text>}
      {views.data?.length === 0 && <Typography.Text type="secondary">{t('none')}</Typography.Text>}
      {views.data && views.data.length > 0 && (
        <ul className="rx-saved-views__list" aria-label={t('title')}>
          {views.data.map((view) => (
            <li key={view.id}>
              <Button type="link" className="rx-saved-views__apply" onClick={() => apply(view)}>
                <bdi>{view.name}</bdi>
              </Button>
              {view.shared && <Tag>{view.mine ? t('sharedByMe') : t('sharedBy', { name: view.owner })}</Tag>}
              {view.mine && (
                <Button
                  size="small"
                  type="text"
                  danger
                  aria-label={t('delete', { name: view.name })}
                  icon={<DeleteOutlined aria-hidden />}
                  loading={remove.isPending && remove.variables === view.id}
                  onClick={() => remove.mutate(view.id)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className="rx-saved-views__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) submit();
        }}
      >
        <Flex vertical gap={4}>
          <label htmlFor="rx-saved-view-name">{t('saveCurrent')}</label>
          <Input
            id="rx-saved-view-name"
            value={name}
            maxLength={64}
            placeholder={t('name')}
            status={error ? 'error' : undefined}
            aria-invalid={!!error}
            aria-describedby={error ? 'rx-saved-view-error' : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
          />
          {error && (
            <Typography.Text type="danger" id="rx-saved-view-error" role="alert">
              {error}
            </Typography.Text>
          )}
          <Checkbox checked={shared} onChange={(event) => setShared(event.target.checked)}>
            {t('share')}
          </Checkbox>
          <Button type="primary" htmlType="submit" disabled={!name.trim()} loading={save.isPending}>
            {t('save')}
          </Button>
        </Flex>
      </form>
    </Flex>
  );

  return (
    <Popover
      trigger="click"
      title={t('title')}
      content={content}
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
    >
      <Tooltip title={t('title')}>
        <Button
          aria-label={t('title')}
          icon={<StarOutlined aria-hidden />}
          className="rx-saved-views__trigger"
        />
      </Tooltip>
    </Popover>
  );
}
