import { useEffect, useRef, useState } from 'react';
import { Watermark, theme, type WatermarkRef } from 'antd';
import { useSession } from '../session.ts';

/** Whether the watermark's layer is in place and showing (not removed, hidden or emptied through the DOM). */
function layerIntact(container: HTMLElement): boolean {
  const layer = container.firstElementChild;
  if (!(layer instanceof HTMLElement)) return false;
  const style = getComputedStyle(layer);
  return (
    style.display !== 'none' &&
    style.visibility !== 'hidden' &&
    style.opacity !== '0' &&
    style.backgroundImage.startsWith('url(')
  );
}

/**
 * The signed-in staff member (and CP) tiled over the page area, so screenshots show who took them.
 * antd's watermark puts its layer back when it is removed through the page's DOM; it does not always
 * notice a restyled layer, so a second guard draws the watermark afresh whenever the layer is gone
 * or hidden.
 */
export default function ContentWatermark() {
  const { token } = theme.useToken();
  const username = useSession((state) => state.user?.username);
  const cpName = useSession((state) => state.cpConfig?.cp_name);
  const ref = useRef<WatermarkRef>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const container = ref.current?.nativeElement;
    if (!container) return;
    let pending = 0;
    const observer = new MutationObserver(() => {
      // After antd's own repair had its frame: only a layer still broken needs a new watermark.
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => {
        if (!layerIntact(container)) setGeneration((n) => n + 1);
      });
    });
    observer.observe(container, { childList: true, subtree: true, attributes: true });
    return () => {
      cancelAnimationFrame(pending);
      observer.disconnect();
    };
  }, [generation, username]);

  if (!username) return null;
  return (
    <Watermark
      key={generation}
      ref={ref}
      className="rx-watermark"
      style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
      content={cpName ? [username, cpName] : username}
      font={{ color: token.colorFill, fontSize: 15 }}
      gap={[120, 120]}
    />
  );
}
