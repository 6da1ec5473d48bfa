import { Card, Flex, Image, Typography } from 'antd';
import type { Reply } from '@rx/contracts/auto-replies';

/** A reply as the player receives it in the service chat. */
export function ReplyPreview({ reply }: { reply: Reply }) {
  switch (reply.type) {
    case 'text':
      return (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
          {reply.text}
        </Typography.Paragraph>
      );
    case 'image':
      return <Image src={reply.url} width={160} alt="" />;
    case 'link':
      return (
        <Typography.Link href={reply.url} target="_blank" rel="noreferrer noopener">
          {reply.title}
        </Typography.Link>
      );
    case 'card':
      return (
        <Card size="small" style={{ maxWidth: 320 }}>
          <Flex gap={12}>
            {reply.image_url && <Image src={reply.image_url} width={64} alt="" preview={false} />}
            <div>
              <Typography.Link href={reply.url} target="_blank" rel="noreferrer noopener" strong>
                {reply.title}
              </Typography.Link>
              {reply.description && (
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {reply.description}
                </Typography.Paragraph>
              )}
            </div>
          </Flex>
        </Card>
      );
  }
}
