import type { CSSProperties, ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';

/** A sub-page's heading: an icon button back to where it was opened from, the title, then what follows on that line. */
export function BackTitleBar({
  backLabel,
  onBack,
  title,
  style,
  children,
}: {
  backLabel: string;
  onBack: () => void;
  title: ReactNode;
  style?: CSSProperties;
  children?: ReactNode;
}) {
  return (
    <Flex align="center" gap={8} wrap style={style}>
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label={backLabel} onClick={onBack} />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Flex>
  );
}
