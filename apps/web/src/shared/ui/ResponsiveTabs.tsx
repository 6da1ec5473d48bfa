import { useState } from 'react';
import { Grid, Radio, Tabs, type TabsProps } from 'antd';

type Item = NonNullable<TabsProps['items']>[number];

/**
 * Tabs on a wide screen; on a phone, a row of buttons that wraps and the chosen section below it.
 * At 390 px antd's tab bar folds the tabs that do not fit into a "more" button inside the tab list,
 * which a screen reader is not told about (axe: aria-required-children); buttons that wrap hide
 * nothing.
 */
export function ResponsiveTabs({ items, label }: { items: Item[]; label: string }) {
  const phone = Grid.useBreakpoint().sm === false;
  const [active, setActive] = useState(items[0]?.key);
  if (!phone) return <Tabs items={items} activeKey={active} onChange={setActive} />;
  return (
    <>
      <Radio.Group
        optionType="button"
        aria-label={label}
        value={active}
        onChange={(event) => setActive(event.target.value as string)}
        options={items.map((item) => ({ value: item.key, label: item.label }))}
        style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8, marginBlockEnd: 12 }}
      />
      {items.find((item) => item.key === active)?.children}
    </>
  );
}
