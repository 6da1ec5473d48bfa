import { useState } from 'react';

/**
 * True from the first time `value` is true on. What is mounted only once first wanted (a drawer
 * that then stays to animate closing, a panel whose contents are costly to gather) keeps its work
 * off a page's first load.
 */
export function useOpenedOnce(value: boolean): boolean {
  const [opened, setOpened] = useState(value);
  if (value && !opened) setOpened(true);
  return opened || value;
}
