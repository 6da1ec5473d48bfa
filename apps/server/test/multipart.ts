import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { FileItem } from '@rx/contracts';
import { bearer, body } from './helpers.ts';

/** One part of a multipart/form-data body: a file (with a name and type) or a plain field. */
export interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand (RFC 7578), and its Content-Type with the boundary. */
export function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----rx${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? '' : `; filename="${part.filename.replace(/"/g, '%22')}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`,
      ),
    );
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The body of one uploaded file in the field `file`. */
export function fileBody(filename: string, bytes: Buffer | string, contentType = 'application/octet-stream') {
  return multipart([{ name: 'file', value: bytes, filename, contentType }]);
}

/** Uploads a file body (`fileBody`) to the console's files for `use`, as the holder of `token`; the answer unchecked. */
export function postFile(
  app: FastifyInstance,
  token: string,
  use: string,
  file: { payload: Buffer; contentType: string },
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/files?use=${use}`,
    headers: { ...bearer(token), 'content-type': file.contentType },
    payload: file.payload,
  });
}

/** Uploads a list of openids (`text`, one a line) for `openid_list`, as the holder of `token`; answers the file's id. */
export async function openidList(app: FastifyInstance, token: string, text: string): Promise<string> {
  const res = await postFile(app, token, 'openid_list', fileBody('ids.txt', text, 'text/plain'));
  expect(res.statusCode, res.body).toBe(200);
  return body<FileItem>(res).data.id;
}
