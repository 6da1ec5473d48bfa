import { useEffect } from 'react';
import message from 'antd/es/message';
import { setMessageHost } from './feedback.tsx';

/** Renders antd's message holder inside the ConfigProvider and hands its API to `useMessage`. */
export default function MessageHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setMessageHost(api);
    return () => setMessageHost(null);
  }, [api]);
  return holder;
}
