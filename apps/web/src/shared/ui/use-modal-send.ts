import { useState } from 'react';
import { ApiError } from '@/shared/http.ts';

/** What a refused request says to show above a modal's form: its field messages, else its message. */
export function refusalText(error: ApiError): string {
  const fields = (error.data as { fields?: Record<string, string> } | null)?.fields;
  return fields && Object.keys(fields).length ? Object.values(fields).join(' ') : error.msg;
}

/**
 * A modal that sends one request: `busy` while it is sent, the server's refusal as `problem` (shown
 * in the modal, which stays open), and `close`, which clears it, runs `reset` and closes.
 * `send(request)` closes the modal when the request succeeds; anything but a refusal is thrown on.
 */
export function useModalSend(onClose: () => void, reset?: () => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    reset?.();
    setProblem(null);
    onClose();
  };
  const send = async (request: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await request();
      close();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(refusalText(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, close, send };
}
