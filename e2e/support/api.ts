import type { Page } from '@playwright/test';

/** A request to the API as the signed-in admin, on the game chosen in the header. */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const read = (key: string) => JSON.parse(localStorage.getItem(`rx-console:${key}`) ?? 'null');
      const answer = await fetch(`/api/v1${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${read('user-info').access_token}`,
          'X-Product-Id': String(read('product-id')),
          'Content-Type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const envelope = (await answer.json()) as { code: number; data: unknown; msg: string };
      if (envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`);
      return envelope.data;
    },
    { method, path, body },
  ) as Promise<T>;
}
