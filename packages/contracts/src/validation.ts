import type { Language, Translated } from './languages.ts';
import { FALLBACK_LANGUAGE } from './languages.ts';

/**
 * Field-level messages shared by the API (answers of 400001 carry them per field) and the forms.
 * `{min}` and `{max}` are filled in from the rule.
 */
export const VALIDATION_MESSAGES = {
  required: {
    zh: '此项为必填项',
    en: 'This field is required.',
    ja: 'この項目は必須です。',
    th: 'จำเป็นต้องกรอกช่องนี้',
    vi: 'Trường này là bắt buộc.',
    tl: 'Kailangan ang field na ito.',
    id: 'Kolom ini wajib diisi.',
    ar: 'هذا الحقل مطلوب.',
    tc: '此項為必填項',
  },
  invalid: {
    zh: '格式不正确',
    en: 'The format is not valid.',
    ja: '形式が正しくありません。',
    th: 'รูปแบบไม่ถูกต้อง',
    vi: 'Định dạng không hợp lệ.',
    tl: 'Hindi wasto ang format.',
    id: 'Formatnya tidak valid.',
    ar: 'التنسيق غير صالح.',
    tc: '格式不正確',
  },
  too_short: {
    zh: '至少需要 {min} 个字符',
    en: 'At least {min} characters.',
    ja: '{min} 文字以上で入力してください。',
    th: 'อย่างน้อย {min} อักขระ',
    vi: 'Tối thiểu {min} ký tự.',
    tl: 'Hindi bababa sa {min} na karakter.',
    id: 'Minimal {min} karakter.',
    ar: '{min} أحرف على الأقل.',
    tc: '至少需要 {min} 個字元',
  },
  too_long: {
    zh: '最多 {max} 个字符',
    en: 'At most {max} characters.',
    ja: '{max} 文字以内で入力してください。',
    th: 'ไม่เกิน {max} อักขระ',
    vi: 'Tối đa {max} ký tự.',
    tl: 'Hindi hihigit sa {max} na karakter.',
    id: 'Maksimal {max} karakter.',
    ar: '{max} أحرف كحد أقصى.',
    tc: '最多 {max} 個字元',
  },
  too_small: {
    zh: '不能小于 {min}',
    en: 'Must be at least {min}.',
    ja: '{min} 以上にしてください。',
    th: 'ต้องไม่น้อยกว่า {min}',
    vi: 'Phải lớn hơn hoặc bằng {min}.',
    tl: 'Dapat hindi bababa sa {min}.',
    id: 'Minimal {min}.',
    ar: 'يجب ألا يقل عن {min}.',
    tc: '不能小於 {min}',
  },
  too_big: {
    zh: '不能大于 {max}',
    en: 'Must be at most {max}.',
    ja: '{max} 以下にしてください。',
    th: 'ต้องไม่เกิน {max}',
    vi: 'Phải nhỏ hơn hoặc bằng {max}.',
    tl: 'Dapat hindi hihigit sa {max}.',
    id: 'Maksimal {max}.',
    ar: 'يجب ألا يزيد عن {max}.',
    tc: '不能大於 {max}',
  },
  password_too_short: {
    zh: '密码至少需要 8 个字符',
    en: 'The password needs at least 8 characters.',
    ja: 'パスワードは 8 文字以上必要です。',
    th: 'รหัสผ่านต้องมีอย่างน้อย 8 อักขระ',
    vi: 'Mật khẩu cần ít nhất 8 ký tự.',
    tl: 'Kailangan ng hindi bababa sa 8 karakter ang password.',
    id: 'Kata sandi minimal 8 karakter.',
    ar: 'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل.',
    tc: '密碼至少需要 8 個字元',
  },
  password_letters_digits: {
    zh: '密码必须同时包含字母和数字',
    en: 'The password must contain both letters and digits.',
    ja: 'パスワードには英字と数字の両方を含めてください。',
    th: 'รหัสผ่านต้องมีทั้งตัวอักษรและตัวเลข',
    vi: 'Mật khẩu phải có cả chữ cái và chữ số.',
    tl: 'Dapat may parehong titik at numero ang password.',
    id: 'Kata sandi harus berisi huruf dan angka.',
    ar: 'يجب أن تحتوي كلمة المرور على أحرف وأرقام.',
    tc: '密碼必須同時包含字母和數字',
  },
  password_has_username: {
    zh: '密码不能包含用户名',
    en: 'The password must not contain the username.',
    ja: 'パスワードにユーザー名を含めることはできません。',
    th: 'รหัสผ่านต้องไม่มีชื่อผู้ใช้',
    vi: 'Mật khẩu không được chứa tên đăng nhập.',
    tl: 'Hindi dapat naglalaman ng username ang password.',
    id: 'Kata sandi tidak boleh berisi nama pengguna.',
    ar: 'يجب ألا تحتوي كلمة المرور على اسم المستخدم.',
    tc: '密碼不能包含使用者名稱',
  },
  password_same: {
    zh: '新密码不能与旧密码相同',
    en: 'The new password must differ from the old one.',
    ja: '新しいパスワードは現在のパスワードと異なるものにしてください。',
    th: 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านเดิม',
    vi: 'Mật khẩu mới phải khác mật khẩu cũ.',
    tl: 'Dapat iba ang bagong password sa luma.',
    id: 'Kata sandi baru harus berbeda dari yang lama.',
    ar: 'يجب أن تختلف كلمة المرور الجديدة عن القديمة.',
    tc: '新密碼不能與舊密碼相同',
  },
  old_password_wrong: {
    zh: '当前密码不正确',
    en: 'The current password is wrong.',
    ja: '現在のパスワードが正しくありません。',
    th: 'รหัสผ่านปัจจุบันไม่ถูกต้อง',
    vi: 'Mật khẩu hiện tại không đúng.',
    tl: 'Mali ang kasalukuyang password.',
    id: 'Kata sandi saat ini salah.',
    ar: 'كلمة المرور الحالية غير صحيحة.',
    tc: '目前密碼不正確',
  },
} satisfies Record<string, Translated>;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

export function validationMessage(
  key: ValidationKey,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  const texts: Translated = VALIDATION_MESSAGES[key];
  const text = texts[lang] || texts[FALLBACK_LANGUAGE];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The shape of `data` in a 400001 answer: one translated message per field path (`a.b.0`). */
export interface FieldErrors {
  fields: Record<string, string>;
}

interface IssueLike {
  code: string;
  path: PropertyKey[];
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
}

/** Turns zod issues into translated field messages. */
export function fieldErrors(issues: readonly IssueLike[], lang: Language): FieldErrors {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (fields[path]) continue;
    fields[path] = issueMessage(issue, lang);
  }
  return { fields };
}

function issueMessage(issue: IssueLike, lang: Language): string {
  const isText = issue.origin === 'string';
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) {
    return validationMessage('required', lang);
  }
  if (issue.code === 'too_small') {
    if (isText && Number(issue.minimum) === 1) return validationMessage('required', lang);
    return validationMessage(isText ? 'too_short' : 'too_small', lang, { min: Number(issue.minimum) });
  }
  if (issue.code === 'too_big') {
    return validationMessage(isText ? 'too_long' : 'too_big', lang, { max: Number(issue.maximum) });
  }
  if (issue.code === 'custom' && issue.input !== undefined && typeof issue.input === 'string') {
    return validationMessage('invalid', lang);
  }
  return validationMessage('invalid', lang);
}
