import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { configureHttp } from '../shared/http.ts';
import { useLocale } from '../shared/i18n.ts';
import { queryClient } from '../shared/query.ts';
import '../styles/index.css';
import type { createRouter } from './router.tsx';
import { useSettings } from './settings/store.ts';
import { ShellTheme, themeConfig } from './theme/index.ts';

/** Routes API errors to antd's message, which follows the ConfigProvider (direction, theme). */
function HttpNotifier() {
  const { message } = AntApp.useApp();
  useEffect(() => configureHttp({ notify: (text) => void message.error(text) }), [message]);
  return null;
}

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  const locale = useLocale((state) => state.antdLocale);
  const direction = useLocale((state) => state.direction);
  const themeName = useSettings((state) => state.theme);
  const theme = useMemo(() => themeConfig(themeName), [themeName]);
  return (
    <ConfigProvider locale={locale} direction={direction} theme={theme}>
      <ShellTheme />
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <HttpNotifier />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
