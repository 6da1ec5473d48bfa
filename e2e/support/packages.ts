import type { Page } from '@playwright/test';
import { apkOf } from '../../apps/server/test/packages.ts';
import { xmlEntry, zipOf } from '../../apps/server/test/zips.ts';

/** A zip holding these entries (a tiny XML each). */
export const zipWith = (...names: string[]) => zipOf(names.map((name) => xmlEntry(name, `<x n="${name}"/>`)));
const APK_BYTES = await apkOf({ versionName: '2.0.0', versionCode: 200 });
/** An APK the server reads: its binary Android manifest (com.ruixue.xianxia 2.0.0, code 200), code and resources. */
export const APK = () => APK_BYTES;

/** Uploads a package file as the signed-in admin; answers its id. */
export async function uploadPackageFile(page: Page, name: string, bytes: Buffer): Promise<string> {
  return page.evaluate(
    async ({ name, base64 }) => {
      const read = (key: string) => JSON.parse(localStorage.getItem(`rx-console:${key}`) ?? 'null');
      const form = new FormData();
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      form.append('file', new Blob([data]), name);
      const answer = await fetch('/api/v1/files?use=package', {
        method: 'POST',
        headers: { Authorization: `Bearer ${read('user-info').access_token}` },
        body: form,
      });
      const envelope = (await answer.json()) as { code: number; data: { id: string }; msg: string };
      if (envelope.code !== 0) throw new Error(`upload: ${envelope.msg}`);
      return envelope.data.id;
    },
    { name, base64: bytes.toString('base64') },
  );
}

/** An APK whose own manifest says this build number and version name (the server refuses a form that says another). */
export const apkWith = (versionCode: number, versionName: string) => apkOf({ versionName, versionCode });
