// What the benchmarks share: signing in as the demo admin the way the console does, and percentiles.

/** Signs in as the demo admin (password, then the platform link) and answers the access token. */
export async function signIn(base: string): Promise<string> {
  const post = async (url: string, body: unknown) =>
    (
      await fetch(base + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
  const login = await post('/api/v1/users/login', { username: 'admin', password: 'Demo@12345' });
  const link = await (
    await fetch(`${base}/api/v1/acs/user/platform_link`, {
      headers: { authorization: `Bearer ${login.data.token}` },
    })
  ).json();
  const q = Object.fromEntries(new URL(link.data.url, base).searchParams);
  const info = await post('/api/v1/acs/user/login', {
    ...q,
    is_modified_password: Number(q.is_modified_password),
    ts: Number(q.ts),
  });
  return info.data.access_token;
}

/** The p-th percentile of sorted figures. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
