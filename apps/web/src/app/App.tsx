import { useMemo } from 'react';
import { ConfigProvider } from 'antd';
import { RouterProvider } from 'react-router/dom';
import { FeedbackProvider } from '@/shared/feedback.tsx';
import { useLocale } from '@/shared/i18n.ts';
// antd's styles, built ahead (zero-runtime mode below): no style is generated while rendering.
import 'antd/dist/antd.css';
import '../styles/index.css';
import { useMediaQuery } from './layout/ui-store.ts';
import type { createRouter } from './router.tsx';
import { useSettings } from './settings/store.ts';
import { ShellTheme, themeConfig } from './theme/index.ts';

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  const locale = useLocale((state) => state.antdLocale);
  const direction = useLocale((state) => state.direction);
  const themeName = useSettings((state) => state.theme);
  // Staff who asked their system for less motion get antd's components without animations.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // Zero runtime: components take their styles from antd.css (imported above) instead of building
  // them in the browser on first render, which was most of a first load's main-thread work. The
  // theme's tokens still reach them as CSS variables, so the themes and component tokens hold.
  const theme = useMemo(
    () => ({ ...themeConfig(themeName, { motion: !reducedMotion }), zeroRuntime: true }),
    [themeName, reducedMotion],
  );
  return (
    <ConfigProvider locale={locale} direction={direction} theme={theme}>
      <ShellTheme />
      <FeedbackProvider>
        <RouterProvider router={router} />
      </FeedbackProvider>
    </ConfigProvider>
  );
}
