import type { ReactNode } from 'react';
import { Form, Input, Space } from 'antd';

/** The app versions a notice or popup shows to: `min_version` and `max_version`, side by side. */
export function VersionRangeFields({ minLabel, maxLabel }: { minLabel: ReactNode; maxLabel: ReactNode }) {
  return (
    <Space wrap>
      <Form.Item name="min_version" label={minLabel}>
        <Input maxLength={32} placeholder="1.2.0" />
      </Form.Item>
      <Form.Item name="max_version" label={maxLabel}>
        <Input maxLength={32} placeholder="2.0" />
      </Form.Item>
    </Space>
  );
}
