import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import { safeText } from './fields.ts';

/** Staff sign-in and session API (spec §7). Paths are relative to /api/v1. */

export const PUBLISH_AREAS = ['gn', 'hw'] as const;
export type PublishArea = (typeof PUBLISH_AREAS)[number];

/** A sign-in link is accepted this many seconds either side of its `ts`. */
export const LINK_MAX_AGE_SECONDS = 300;
/** After this many failed sign-ins for a username or an IP, a captcha is required. */
export const CAPTCHA_AFTER_FAILURES = 3;

export const loginBody = z.object({
  username: safeText().trim().min(1).max(64),
  password: safeText().min(1).max(128),
  /** Once a captcha is required: the solved ALTCHA payload (challenge and solution, base64 JSON). */
  code: safeText().trim().max(4096).optional().default(''),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginAnswer = z.object({
  token: z.string(),
  captcha_required: z.boolean().optional(),
});

/** A proof-of-work challenge (ALTCHA): find the counter whose key starts with `keyPrefix`. */
export const captchaAnswer = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
    }),
    signature: z.string().optional(),
  }),
  expires_in: z.number(),
});

export const platformLinkQuery = z.object({ platform: safeText().min(1).max(32).default('main') });
export const platformLinkAnswer = z.object({ url: z.string() });

/**
 * A number of a sign-in link: a JSON number (the spec) or its text, kept as sent. `sign` covers the
 * exact text, so the service accepts only the canonical decimal form (never `0x1f`, `1.0`, ` 7`).
 */
const linkNumber = (valid: (n: number) => boolean) =>
  z.union([z.number(), safeText().max(20)]).refine((value) => valid(Number(value)));

/** The fields of a sign-in link; all five must be present (spec §5). */
export const linkLoginBody = z.object({
  is_modified_password: linkNumber((n) => n === 0 || n === 1),
  sign: safeText().regex(/^[0-9a-f]{64}$/),
  trace_id: safeText().min(8).max(64),
  ts: linkNumber((n) => Number.isInteger(n) && n > 0),
  user_id: safeText().min(1).max(64),
  usertype: z.coerce.number().int().optional(),
});
export type LinkLoginBody = z.input<typeof linkLoginBody>;
export const LINK_FIELDS = ['is_modified_password', 'sign', 'trace_id', 'ts', 'user_id'] as const;

export const roleInfo = z.object({ identifier: z.string(), name: z.string().optional() });

/** The user info the console saves after a link sign-in (spec §3). */
export const userInfo = z.object({
  id: z.string(),
  username: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
  cpid: z.string(),
  usertype: z.number().int().nullable(),
  role_info: z.array(roleInfo),
  default_lang: z.enum(LANGUAGES),
  is_modified_password: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const permissionBody = z.object({ user_id: safeText().min(1).max(64) });
export const permissionEntry = z.object({ resource: z.string() });
export const permissionAnswer = z.object({ ruixue: z.array(permissionEntry) });

export const platformEntry = z.object({ platform: z.string(), name: z.string(), url: z.string() });
export const platformListAnswer = z.array(platformEntry);

export const cpConfigAnswer = z.object({
  gw_domain: z.string(),
  publish_area: z.enum(PUBLISH_AREAS),
  cp_name: z.string(),
  /** The language every multilingual text of this CP must have (older stored configs lack it: zh). */
  default_lang: z.enum(LANGUAGES).optional(),
  /** The time zone of a player whose own is unknown (push at a local time, quiet hours). */
  time_zone: z.string().optional(),
  /** See `EXTERNAL_ENTRIES`. */
  external_urls: z.object({ bi: z.string().nullable(), service_workbench: z.string().nullable() }),
});
export type CpConfig = z.infer<typeof cpConfigAnswer>;

export const PASSWORD_MIN_LENGTH = 8;

/** Password policy: 8+ characters, letters and digits, not the username. Messages are i18n keys. */
export function passwordProblems(password: string, username: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('password_too_short');
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) problems.push('password_letters_digits');
  if (username && password.toLowerCase().includes(username.toLowerCase()))
    problems.push('password_has_username');
  return problems;
}

export const setPasswordBody = z.object({
  old_password: safeText().min(1).max(128),
  new_password: safeText().min(1).max(128),
});

export const rejwtQuery = z.object({ rejwt: safeText().min(1).max(512) });
export const rejwtAnswer = z.object({ access_token: z.string(), refresh_token: z.string() });

/** The platforms a staff member can enter through a signed link (platform_list / platform_link). */
export const PLATFORMS = {
  main: {
    zh: '运营后台',
    en: 'Operations console',
    ja: '運営コンソール',
    th: 'คอนโซลปฏิบัติการ',
    vi: 'Bảng điều khiển vận hành',
    tl: 'Console ng operasyon',
    id: 'Konsol operasional',
    ar: 'لوحة العمليات',
    tc: '營運後台',
  },
  bi: {
    zh: '大数据查询平台',
    en: 'Big-data query platform',
    ja: 'ビッグデータ照会プラットフォーム',
    th: 'แพลตฟอร์มสืบค้นข้อมูลขนาดใหญ่',
    vi: 'Nền tảng truy vấn dữ liệu lớn',
    tl: 'Plataporma ng big-data query',
    id: 'Platform kueri big data',
    ar: 'منصة استعلام البيانات الضخمة',
    tc: '大數據查詢平台',
  },
} as const;
export type PlatformKey = keyof typeof PLATFORMS;
