import type { CpConfig, LinkLoginBody, platformListAnswer, UserInfo } from '@rx/contracts/acs';
import { http } from '@/shared/http.ts';

export type PlatformEntry = ReturnType<typeof platformListAnswer.parse>[number];

/**
 * The sign-in service (ACS) calls of the shell. Answers are typed by the shared schemas; the server
 * validates them on the way out, so the shell does not ship zod just to check them again.
 */
export const acs = {
  /** Turns the fields of a sign-in link into the user info. Quiet: a failure sends the user to sign in. */
  linkLogin: (body: LinkLoginBody) => http.post<UserInfo>('/acs/user/login', body, { silent: true }),
  cpConfig: () => http.get<CpConfig>('/acs/cp/get_config'),
  /** The user's permission strings (`module/see/thing`). */
  permissions: async (userId: string): Promise<string[]> => {
    const answer = await http.post<{ ruixue: { resource: string }[] }>('/acs/permission/get_all', {
      user_id: userId,
    });
    return answer.ruixue.map((entry) => entry.resource);
  },
  platformList: () => http.get<PlatformEntry[]>('/acs/user/platform_list'),
  /** Quiet: signing out goes on locally even when the server cannot be told. */
  logout: () => http.post<unknown>('/acs/user/logout', undefined, { silent: true }),
};
