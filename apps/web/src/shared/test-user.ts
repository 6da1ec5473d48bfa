import type { UserInfo } from '@rx/contracts/acs';

/** The signed-in staff member of the HTTP clients' unit tests (only tests import this file). */
export const TEST_USER: UserInfo = {
  id: 'u1',
  username: 'alice',
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  cpid: 'cp9',
  usertype: null,
  role_info: [{ identifier: 'admin' }],
  default_lang: 'en',
  is_modified_password: 1,
};
