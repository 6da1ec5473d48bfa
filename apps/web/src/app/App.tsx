import { useMemo } from 'react';
import { ConfigProvider } from 'antd';
import { RouterProvider } from 'react-router/dom';
import { FeedbackProvider } from '@/shared/feedback.tsx';
import { useLocale } from '@/shared/i18n.ts';
import '../styles/index.css';
import type { createRouter } from './router.tsx';
import { useSettings } from './settings/store.ts';
import { ShellTheme, themeConfig } from './theme/index.ts';

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  const locale = useLocale((state) => state.antdLocale);
  const direction = useLocale((state) => state.direction);
  const themeName = useSettings((state) => state.theme);
  const theme = useMemo(() => themeConfig(themeName), [themeName]);
  return (
    <ConfigProvider locale={locale} direction={direction} theme={theme}>
      <ShellTheme />
      <FeedbackProvider>
        <RouterProvider router={router} />
      </FeedbackProvider>
    </ConfigProvider>
  );
}
