import { passwordProblems, type UserInfo } from '@rx/contracts/acs';
import type { Language } from '@rx/contracts/languages';
import { isValidationKey, validationMessage } from '@rx/contracts/validation';
import { SET_PASSWORD_PATH } from '@/app/guard.ts';
import { HOME_PATH } from '@/app/menu/build.ts';
import { useSession } from '@/app/session.ts';
import { http } from '@/shared/http.ts';
import { storage } from '@/shared/storage.ts';

/** The shared password policy (8+ characters, letters and digits, not the username), translated. */
export function newPasswordProblems(password: string, username: string, lang: Language): string[] {
  return passwordProblems(password, username)
    .filter(isValidationKey)
    .map((key) => validationMessage(key, lang));
}

/** The page to continue to: a console path from `?to=`, home otherwise (never this screen again). */
export function continueTo(to: string | null): string {
  const usable = to?.startsWith('/') && !to.startsWith('//') && !to.startsWith(SET_PASSWORD_PATH);
  return usable ? to! : HOME_PATH;
}

/** Changes the password; field errors come back as an ApiError whose `data.fields` names them. */
export function setPassword(oldPassword: string, newPassword: string): Promise<unknown> {
  return http.post(
    '/acs/user/set_password',
    { old_password: oldPassword, new_password: newPassword },
    { silent: true },
  );
}

/** The stored user info now says the password was changed: the guard lets the user through. */
export function markPasswordChanged(user: UserInfo): void {
  const updated = { ...user, is_modified_password: 1 };
  storage.userInfo.set(updated);
  useSession.setState({ user: updated });
}
