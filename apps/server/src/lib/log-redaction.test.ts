import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { body, DEMO_PASSWORD, useTestApp } from '../../test/index.ts';
import { REDACTED, redactUrl } from './log-redaction.ts';

/** The request log at info level, as production writes it, read back as text. */
const lines: string[] = [];
const stream = new PassThrough();
stream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
const t = useTestApp({ app: { log: { level: 'info', stream } } });

describe('request logs', () => {
  it('never hold the refresh token, the access token, cookies or passwords', async () => {
    const refresh = t.user.refresh_token;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/acs/user/rejwt?rejwt=${encodeURIComponent(refresh)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = body<{ access_token: string; refresh_token: string }>(res).data;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: 'admin', password: DEMO_PASSWORD },
      headers: { cookie: 'rx_session=cookie-secret-value' },
    });
    expect(login.statusCode).toBe(200);
    await t.admin.get('/api/v1/props?page=1&token=query-token-value&sign=abc123signature');
    const log = lines.join('');
    expect(log).toContain('/api/v1/acs/user/rejwt');
    expect(log).toContain(`rejwt=${REDACTED}`);
    for (const secret of [
      refresh,
      encodeURIComponent(refresh),
      rotated.refresh_token,
      rotated.access_token,
      t.user.access_token,
      DEMO_PASSWORD,
      'cookie-secret-value',
      'query-token-value',
      'abc123signature',
    ]) {
      expect(log.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
    }
    // What is no secret stays readable.
    expect(log).toContain('page=1');
  });
});

describe('redactUrl', () => {
  it('replaces the values of secret parameters, whatever their case or escaping, and keeps the rest', () => {
    expect(redactUrl('/a?rejwt=x&page=2')).toBe(`/a?rejwt=${REDACTED}&page=2`);
    expect(redactUrl('/a?Access_Token=x&%72ejwt=y&q=z')).toBe(
      `/a?Access_Token=${REDACTED}&%72ejwt=${REDACTED}&q=z`,
    );
    expect(redactUrl('/a?client_secret=x&password=y&api_key=z&signature=w')).toBe(
      `/a?client_secret=${REDACTED}&password=${REDACTED}&api_key=${REDACTED}&signature=${REDACTED}`,
    );
    expect(redactUrl('/a?x=%E0%A4%A&token')).toBe('/a?x=%E0%A4%A&token');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});
