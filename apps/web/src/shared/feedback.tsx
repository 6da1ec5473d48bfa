import { Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import { configureHttp } from './http.ts';
import { configureSecondHttp } from './http-second.ts';
import { preloadable } from './preloadable.tsx';

/**
 * Toasts for the whole console: antd's message only (not antd's <App>, which also brings modal and
 * notification code). Its host loads right after the shell, rendered inside the ConfigProvider so
 * toasts follow the direction and theme; a toast asked for before then waits for it.
 */
let host: MessageInstance | null = null;
const waiting: ((api: MessageInstance) => void)[] = [];

function whenReady(call: (api: MessageInstance) => void): void {
  if (host) call(host);
  else waiting.push(call);
}

export function setMessageHost(api: MessageInstance | null): void {
  host = api;
  if (api) for (const call of waiting.splice(0)) call(api);
}

type Toast = (content: ReactNode, duration?: number) => void;

/** The console's toasts: `useMessage().success(…)`; usable before the host has loaded. */
export interface Toasts {
  success: Toast;
  error: Toast;
  info: Toast;
  warning: Toast;
  loading: Toast;
}

const toasts: Toasts = {
  success: (content, duration) => whenReady((api) => void api.success(content, duration)),
  error: (content, duration) => whenReady((api) => void api.error(content, duration)),
  info: (content, duration) => whenReady((api) => void api.info(content, duration)),
  warning: (content, duration) => whenReady((api) => void api.warning(content, duration)),
  loading: (content, duration) => whenReady((api) => void api.loading(content, duration)),
};

export function useMessage(): Toasts {
  return toasts;
}

// Preloaded beside the session's requests (app/shell-preload.ts).
export const MessageHost = preloadable(() => import('./MessageHost.tsx').then((m) => m.default));

export function FeedbackProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    const notify = (text: string) => toasts.error(text);
    configureHttp({ notify });
    configureSecondHttp({ notify });
  }, []);
  return (
    <>
      <Suspense fallback={null}>
        <MessageHost />
      </Suspense>
      {children}
    </>
  );
}
