import { REFRESHABLE_CODES } from '@rx/contracts/errors';
import {
  FILE_USE_LIMITS,
  fileMessage,
  hasAllowedExtension,
  type FileItem,
  type FileUse,
} from '@rx/contracts/files';
import { API_BASE } from '@/shared/api-constants.ts';
import { ApiError, CLIENT_ERROR_CODE, http } from '@/shared/http.ts';
import { currentLanguage, translate } from '@/shared/i18n.ts';
import { storage } from '@/shared/storage.ts';
import { isKnownExpired } from '@/shared/token-expiry.ts';

/**
 * Sends one file to `POST /api/v1/files?use=…` with upload progress. fetch cannot report how much
 * of a request body has left, so this is XMLHttpRequest; everything else (token, language, the
 * error envelope) follows the console's API client.
 */

const language = currentLanguage;

/** Why the console refuses a file before sending it (the server's own words), or null when it may go. */
export function refusalOf(file: Pick<File, 'name' | 'size'>, use: FileUse): string | null {
  if (!hasAllowedExtension(use, file.name)) return fileMessage('wrong_type', language(), use);
  if (file.size > FILE_USE_LIMITS[use].maxBytes) return fileMessage('too_large', language(), use);
  if (file.size === 0) return fileMessage('no_file', language(), use);
  return null;
}

/**
 * Any signed-in request through the shared client renews an expired access token (one refresh for
 * every caller); the upload then goes with the new one.
 */
async function renewToken(): Promise<void> {
  await http.get('/notifications', { page_size: 1 }, { silent: true }).catch(() => undefined);
}

interface Answer {
  status: number;
  code: number;
  data: unknown;
  msg: string;
}

function sendOnce(file: File, use: FileUse, onProgress: (percent: number) => void, signal?: AbortSignal) {
  return new Promise<Answer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/files?use=${use}`);
    const token = storage.userInfo.get()?.access_token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', language());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as Omit<Answer, 'status'>;
        if (typeof body.code === 'number') return resolve({ ...body, status: xhr.status });
      } catch {
        // Not our envelope: reported below by status.
      }
      const key = [400, 401, 403, 404, 408, 500, 502, 503, 504].includes(xhr.status) ? xhr.status : 'default';
      resolve({
        status: xhr.status,
        code: xhr.status || CLIENT_ERROR_CODE,
        data: null,
        msg: translate(`common:http.${key}`),
      });
    };
    xhr.onerror = () =>
      reject(
        new ApiError({
          code: CLIENT_ERROR_CODE,
          msg: translate('common:http.network'),
          data: null,
          status: 0,
        }),
      );
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Uploads a file for a use; resolves what the server stored, rejects with an ApiError saying why not. */
export async function sendFile(
  file: File,
  use: FileUse,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<FileItem> {
  const token = storage.userInfo.get()?.access_token;
  if (token && isKnownExpired(token)) await renewToken();
  let answer = await sendOnce(file, use, onProgress, signal);
  if (REFRESHABLE_CODES.includes(answer.code)) {
    await renewToken();
    answer = await sendOnce(file, use, onProgress, signal);
  }
  if (answer.code === 0) {
    onProgress(100);
    return answer.data as FileItem;
  }
  // The reason for the file itself when the server gives one, else its message.
  const fields = (answer.data as { fields?: Record<string, string> } | null)?.fields;
  throw new ApiError({
    code: answer.code,
    msg: fields?.file ?? answer.msg,
    data: answer.data,
    status: answer.status,
  });
}
