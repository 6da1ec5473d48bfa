import { useId, useState } from 'react';
import { Alert, Button, Card, Flex, Input, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AutoReplyMatch } from '@rx/contracts/auto-replies';
import { MAX_MATCH_TEXT, autoRepliesResource } from '@rx/contracts/auto-replies';
import { ApiError, http } from '@/shared/http.ts';
import { ChannelSelect } from '../shared/channels.tsx';
import type { ReplyScope } from './auto-reply-helpers.ts';
import { ReplyPreview } from './ReplyPreview.tsx';
import { PlatformSelect } from './RuleForm.tsx';

const SOURCE_COLORS = { rule: 'success', no_match: 'warning', none: 'default' } as const;

/**
 * Types a player's message and shows what would answer it: the rule that fires (and by which
 * keyword), else the no-match reply, else nothing. `scope` fixes the channel and platform.
 */
export function TestBox({ scope }: { scope?: ReplyScope }) {
  const { t } = useTranslation('autoReply');
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<ReplyScope>({ channelId: null, platform: null });
  const [result, setResult] = useState<AutoReplyMatch | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { channelId, platform } = scope ?? chosen;
  const messageId = useId();

  const test = async () => {
    if (!text.trim()) return;
    setBusy(true);
    setProblem(null);
    try {
      setResult(
        await http.post<AutoReplyMatch>(
          `/${autoRepliesResource.name}/test`,
          { text, channel_id: channelId ?? undefined, platform: platform ?? undefined },
          { silent: true },
        ),
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(error.msg);
      setResult(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title={t('testTitle')} data-testid="auto-reply-test">
      <Flex vertical gap={8}>
        {!scope && (
          <Flex gap={8}>
            <ChannelSelect
              aria-label={t('channel')}
              allLabel={t('allChannels')}
              value={chosen.channelId}
              onChange={(next) => setChosen((c) => ({ ...c, channelId: next }))}
            />
            <PlatformSelect
              aria-label={t('platform')}
              value={chosen.platform}
              onChange={(next) => setChosen((c) => ({ ...c, platform: next }))}
            />
          </Flex>
        )}
        <label htmlFor={messageId}>{t('testMessage')}</label>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id={messageId}
            placeholder={t('testPlaceholder')}
            value={text}
            maxLength={MAX_MATCH_TEXT}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={() => void test()}
          />
          <Button type="primary" loading={busy} disabled={!text.trim()} onClick={() => void test()}>
            {t('test')}
          </Button>
        </Space.Compact>
        {problem && <Alert type="error" showIcon title={problem} />}
        {result && (
          <Flex vertical gap={8} data-testid="auto-reply-test-result">
            <Space wrap>
              <Tag color={SOURCE_COLORS[result.source]}>{t(`sources.${result.source}`)}</Tag>
              {result.rule && (
                <Typography.Text strong data-testid="auto-reply-test-rule">
                  {result.rule.name}
                </Typography.Text>
              )}
              {result.rule && (
                <Typography.Text type="secondary">
                  {t('priorityIs', { priority: result.rule.priority })}
                </Typography.Text>
              )}
              {result.keyword && (
                <Typography.Text type="secondary">
                  {t('matchedBy', {
                    keyword: result.keyword.text,
                    match: t(`matches.${result.keyword.match}`),
                  })}
                </Typography.Text>
              )}
            </Space>
            {result.replies.map((reply, i) => (
              <div
                key={i}
                style={{ padding: 8, borderRadius: 8, background: 'var(--ant-color-fill-tertiary)' }}
              >
                <ReplyPreview reply={reply} />
              </div>
            ))}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
