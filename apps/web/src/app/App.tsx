import { useEffect } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { RouterProvider } from 'react-router/dom';
import { configureHttp } from '../shared/http.ts';
import { useLocale } from '../shared/i18n.ts';
import type { createRouter } from './router.tsx';

/** Routes API errors to antd's message, which follows the ConfigProvider (direction, theme). */
function HttpNotifier() {
  const { message } = AntApp.useApp();
  useEffect(() => configureHttp({ notify: (text) => void message.error(text) }), [message]);
  return null;
}

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  const locale = useLocale((state) => state.antdLocale);
  const direction = useLocale((state) => state.direction);
  return (
    <ConfigProvider locale={locale} direction={direction}>
      <AntApp>
        <HttpNotifier />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}
