import { and, eq } from 'drizzle-orm';
import {
  LANGUAGES,
  type ClientAction,
  type I18nText,
  type Language,
  type OptionalI18nText,
  type Reply,
  type ReplyKeyword,
} from '@rx/contracts';
import type { Db } from '../db/index.ts';
import {
  autoReplyRules,
  autoReplySpecials,
  channels,
  errorCodeReleases,
  errorCodes,
  feedbackTypes,
  gameApiKeys,
  helpArticles,
  helpCategories,
  socialAccessPolicies,
} from '../db/tables.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { newGameKey } from '../modules/game-api/index.ts';
import { sanitizeRichText } from '../lib/rich-text.ts';

/**
 * The demo's game-facing configuration of each demo product: feedback types, error codes (some
 * translations missing) with a published release, a small help centre, auto-reply rules, chat and
 * friend access policies, and a game API key (its secret is never printed: create a key in the
 * console to call the game API).
 */

type Product = { id: number; cpId: number; code: string; region: 'gn' | 'hw' };

const texts = (given: Partial<Record<Language, string>>): OptionalI18nText =>
  Object.fromEntries(LANGUAGES.map((lang) => [lang, given[lang] ?? ''])) as OptionalI18nText;
const name = (zh: string, en: string, tc = ''): I18nText => ({ ...texts({ en, tc }), zh });

export async function seedConfigDemo(db: Db, product: Product, secrets?: SecretBox): Promise<void> {
  const scope = { cpId: product.cpId, productId: product.id };
  const domestic = product.region === 'gn';
  await seedFeedbackTypes(db, scope);
  await seedErrorCodes(db, scope, domestic);
  const [channel] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.productId, product.id), eq(channels.code, domestic ? 'taptap' : 'googleplay')));
  await seedHelpCentre(db, scope);
  await seedAutoReplies(db, scope, channel?.id ?? null);
  await seedSocialAccess(db, scope, product.region, channel?.id ?? null);
  if (secrets) {
    const { keyId, secret } = newGameKey();
    await db
      .insert(gameApiKeys)
      .values({ ...scope, keyId, secretEnc: secrets.seal(secret), note: 'demo', createdBy: 'admin' });
  }
}

type Scope = { cpId: number; productId: number };

async function seedFeedbackTypes(db: Db, scope: Scope): Promise<void> {
  const tree: [string, I18nText, string, string, [boolean, boolean, boolean]][] = [
    ['account', name('账号问题', 'Account', '帳號問題'), '', 'account', [false, false, false]],
    [
      'login_failed',
      name('无法登录', 'Cannot sign in', '無法登入'),
      'account',
      'account',
      [false, true, true],
    ],
    [
      'account_stolen',
      name('账号被盗', 'Account stolen', '帳號被盜'),
      'account',
      'account',
      [false, false, true],
    ],
    ['payment', name('充值问题', 'Payments', '儲值問題'), '', 'payment', [false, false, false]],
    [
      'payment_missing',
      name('充值未到账', 'Top-up not received', '儲值未到帳'),
      'payment',
      'payment',
      [true, true, true],
    ],
    ['refund', name('退款申请', 'Refund request', '退款申請'), 'payment', 'payment', [true, false, true]],
    ['gameplay', name('游戏问题', 'Gameplay', '遊戲問題'), '', 'gameplay', [false, false, false]],
    ['bug', name('BUG 反馈', 'Bug report', 'BUG 回報'), 'gameplay', 'gameplay', [false, true, true]],
    [
      'report_player',
      name('举报玩家', 'Report a player', '檢舉玩家'),
      'gameplay',
      'gameplay',
      [false, true, true],
    ],
    ['suggestion', name('意见建议', 'Suggestions', '意見建議'), '', 'default', [false, false, false]],
  ];
  const replies: Record<string, OptionalI18nText> = {
    payment_missing: texts({
      zh: '您好，充值一般在 5 分钟内到账。请提供订单号和支付截图，我们会尽快为您核实。',
      en: 'Top-ups usually arrive within 5 minutes. Please send the order number and a screenshot of the payment.',
    }),
    login_failed: texts({
      zh: '请先确认网络正常并更新到最新版本；仍无法登录请告诉我们区服和角色名。',
      en: 'Please check your connection and update the game first; if it still fails, tell us your server and character.',
    }),
    account_stolen: texts({
      zh: '请立即修改密码，客服将在 24 小时内联系您。',
      en: 'Change your password now; an agent will contact you within 24 hours.',
    }),
  };
  const ids = new Map<string, number>();
  for (const [index, [code, typeName, parent, queue, [orderNo, screenshot, serverRole]]] of tree.entries()) {
    const [row] = await db
      .insert(feedbackTypes)
      .values({
        ...scope,
        code,
        parentId: parent ? ids.get(parent)! : null,
        name: typeName,
        requireOrderNo: orderNo,
        requireScreenshot: screenshot,
        requireServerRole: serverRole,
        queue,
        autoReply: replies[code] ?? texts({}),
        sort: index,
      })
      .returning({ id: feedbackTypes.id });
    ids.set(code, row!.id);
  }
}

/** [code, module, action, zh, en, other languages]. */
const ERROR_CODES: [string, string, ClientAction, string, string, Partial<Record<Language, string>>][] = [
  [
    '1001',
    'login',
    'retry',
    '网络连接失败，请重试',
    'Network error. Please try again.',
    {
      ja: 'ネットワークエラーです。もう一度お試しください。',
      tc: '網路連線失敗，請重試',
      th: 'เครือข่ายขัดข้อง กรุณาลองอีกครั้ง',
    },
  ],
  [
    '1002',
    'login',
    'relogin',
    '登录已过期，请重新登录',
    'Your session has expired. Please sign in again.',
    { ja: 'セッションの有効期限が切れました。再度ログインしてください。', tc: '登入已過期，請重新登入' },
  ],
  [
    '1003',
    'login',
    'contact_support',
    '账号已被封禁，解封时间：{0}',
    'This account is banned until {0}.',
    { tc: '帳號已被封禁，解封時間：{0}', vi: 'Tài khoản bị khóa đến {0}.' },
  ],
  [
    '1004',
    'login',
    'update',
    '客户端版本过低，请更新到 {version}',
    'Please update the game to version {version}.',
    { ja: 'バージョン {version} に更新してください。', tc: '用戶端版本過低，請更新至 {version}' },
  ],
  [
    '1005',
    'login',
    'retry',
    '服务器维护中，预计 {time} 结束',
    'Server maintenance until {time}.',
    { tc: '伺服器維護中，預計 {time} 結束' },
  ],
  [
    '1006',
    'login',
    'none',
    '该区服已满，请选择其他区服',
    'This server is full. Please choose another one.',
    {},
  ],
  [
    '2001',
    'payment',
    'retry',
    '支付失败，请稍后再试',
    'Payment failed. Please try again later.',
    {
      ja: '支払いに失敗しました。',
      tc: '付款失敗，請稍後再試',
      th: 'ชำระเงินไม่สำเร็จ',
      id: 'Pembayaran gagal.',
    },
  ],
  [
    '2002',
    'payment',
    'contact_support',
    '订单 {order} 处理中，请勿重复支付',
    'Order {order} is being processed; do not pay again.',
    { tc: '訂單 {order} 處理中，請勿重複付款' },
  ],
  [
    '2003',
    'payment',
    'none',
    '本月充值已达上限 {limit}',
    'You reached this month’s top-up limit of {limit}.',
    { tc: '本月儲值已達上限 {limit}' },
  ],
  [
    '2004',
    'payment',
    'none',
    '未成年人单笔充值不能超过 {0} 元',
    'Minors may not pay more than {0} at once.',
    {},
  ],
  [
    '2005',
    'payment',
    'contact_support',
    '商品已下架',
    'This item is no longer on sale.',
    { ja: 'この商品は販売終了しました。' },
  ],
  [
    '3001',
    'social',
    'none',
    '发言过于频繁，请 {seconds} 秒后再试',
    'You are sending messages too fast. Wait {seconds} s.',
    { tc: '發言過於頻繁，請 {seconds} 秒後再試', th: 'ส่งข้อความเร็วเกินไป รอ {seconds} วินาที' },
  ],
  ['3002', 'social', 'none', '您已被禁言至 {0}', 'You are muted until {0}.', { tc: '您已被禁言至 {0}' }],
  ['3003', 'social', 'none', '好友数量已达上限', 'Your friend list is full.', {}],
  [
    '3004',
    'social',
    'none',
    '对方拒绝了您的好友申请',
    'Your friend request was declined.',
    { ja: 'フレンド申請が拒否されました。' },
  ],
  ['4001', 'mail', 'none', '附件已领取', 'The attachment was already claimed.', { tc: '附件已領取' }],
  ['4002', 'mail', 'none', '邮件已过期', 'This mail has expired.', {}],
  [
    '5001',
    'gift',
    'none',
    '兑换码无效或已使用',
    'The code is invalid or already used.',
    { tc: '兌換碼無效或已使用', ja: 'コードが無効か、使用済みです。', vi: 'Mã không hợp lệ hoặc đã dùng.' },
  ],
  [
    '5002',
    'gift',
    'none',
    '每个账号限领 {n} 次',
    'Each account can redeem this {n} times.',
    { tc: '每個帳號限領 {n} 次' },
  ],
  [
    '9999',
    'common',
    'contact_support',
    '未知错误（{code}），请联系客服',
    'Unknown error ({code}). Please contact support.',
    { tc: '未知錯誤（{code}），請聯絡客服', ja: '不明なエラー（{code}）。サポートに連絡してください。' },
  ],
];

async function seedErrorCodes(db: Db, scope: Scope, domestic: boolean): Promise<void> {
  const rows = ERROR_CODES.map(([code, module, action, zh, en, others]) => ({
    ...scope,
    code,
    module,
    action,
    defaultText: domestic ? zh : en,
    texts: texts({ zh, en, ...others }),
  }));
  await db.insert(errorCodes).values(rows);
  // Release 1 holds every code but the newest; the working copy then moves on (one code not yet published).
  await db.insert(errorCodeReleases).values({
    ...scope,
    number: 1,
    note: domestic ? '首次发布' : 'First release',
    createdBy: 'admin',
    codes: rows
      .filter((row) => row.code !== '9999')
      .map((row) => ({
        code: row.code,
        module: row.module,
        default_text: row.defaultText,
        texts: row.texts,
        action: row.action,
      })),
  });
}

async function seedHelpCentre(db: Db, scope: Scope): Promise<void> {
  const categories = await db
    .insert(helpCategories)
    .values([
      { ...scope, name: name('账号与登录', 'Account & sign-in', '帳號與登入'), sort: 1 },
      { ...scope, name: name('充值与支付', 'Payments', '儲值與付款'), sort: 2 },
      { ...scope, name: name('游戏玩法', 'Gameplay', '遊戲玩法'), sort: 3 },
    ])
    .returning({ id: helpCategories.id });
  const [account, payment, gameplay] = categories.map((c) => c.id) as [number, number, number];
  const articles: [number, string, [string, string], [string, string] | null][] = [
    [
      account,
      'bind',
      ['如何绑定手机号？', '<p>进入<strong>设置 → 账号安全</strong>，点击“绑定手机”，输入验证码即可。</p>'],
      [
        'How do I link my phone number?',
        '<p>Open <strong>Settings → Account security</strong> and tap “Link phone”.</p>',
      ],
    ],
    [
      account,
      'password',
      ['忘记密码怎么办？', '<p>在登录页点击“忘记密码”，通过绑定的手机或邮箱重置。</p>'],
      [
        'I forgot my password',
        '<p>Tap “Forgot password” on the sign-in page to reset it by phone or email.</p>',
      ],
    ],
    [
      payment,
      'missing',
      [
        '充值未到账怎么办？',
        '<p>一般 5 分钟内到账。超过 30 分钟请<a href="https://help.example.com/ticket">提交工单</a>并附上订单号。</p>',
      ],
      [
        'My top-up did not arrive',
        '<p>Top-ups arrive within 5 minutes. After 30 minutes, <a href="https://help.example.com/ticket">open a ticket</a>.</p>',
      ],
    ],
    [payment, 'refund', ['如何申请退款？', '<p>请在应用商店的购买记录中申请退款。</p>'], null],
    [
      gameplay,
      'stamina',
      ['体力如何恢复？', '<p>体力每 5 分钟恢复 1 点，也可使用体力丹。</p>'],
      ['How does stamina recover?', '<p>One point every 5 minutes.</p>'],
    ],
  ];
  const now = new Date();
  for (const [index, [categoryId, slug, zh, en]] of articles.entries()) {
    const groupId = `demo-${scope.productId}-${slug}`;
    const base = {
      ...scope,
      categoryId,
      groupId,
      sort: index,
      status: 'published' as const,
      publishedAt: now,
    };
    await db.insert(helpArticles).values([
      {
        ...base,
        language: 'zh' as const,
        title: zh[0],
        body: sanitizeRichText(zh[1]),
        sourceVersion: slug === 'stamina' ? 2 : 1,
      },
      // The stamina article's translation predates the last zh edit: it shows as stale.
      ...(en
        ? [
            {
              ...base,
              language: 'en' as const,
              title: en[0],
              body: sanitizeRichText(en[1]),
              stale: slug === 'stamina',
            },
          ]
        : []),
    ]);
  }
}

async function seedAutoReplies(db: Db, scope: Scope, channelId: number | null): Promise<void> {
  const text = (value: string, lang?: Language): Reply => ({
    type: 'text',
    text: value,
    ...(lang && { lang }),
  });
  const rule = (
    ruleName: string,
    keywords: ReplyKeyword[],
    replies: Reply[],
    priority: number,
    extra: Partial<typeof autoReplyRules.$inferInsert> = {},
  ) => ({ ...scope, name: ruleName, keywords, replies, priority, ...extra });
  await db.insert(autoReplyRules).values([
    rule(
      '充值未到账',
      [
        { text: '充值', match: 'contains' },
        { text: 'top up', match: 'contains' },
      ],
      [
        text('充值一般 5 分钟内到账，超过 30 分钟请提交工单并附上订单号。'),
        { type: 'link', title: '提交工单', url: 'https://help.example.com/ticket' },
      ],
      100,
    ),
    rule(
      '人工客服',
      [
        { text: '人工', match: 'contains' },
        { text: 'agent', match: 'equal' },
      ],
      // In the players' languages: tickets and chats in each get their own (repliesInLanguage).
      [
        text('正在为您转接人工客服，请稍候。', 'zh'),
        text('Connecting you to an agent, please wait.', 'en'),
        text('جارٍ تحويلك إلى موظف خدمة العملاء، يُرجى الانتظار.', 'ar'),
      ],
      90,
    ),
    rule(
      '问候',
      [{ text: '^(hi|hello|你好|您好)[!！。.]*$', match: 'regex' }],
      [text('您好！请问有什么可以帮您？', 'zh'), text('Hello! How can we help?', 'en')],
      10,
      {
        mode: 'random_one',
      },
    ),
    rule(
      '兑换码',
      [
        { text: '兑换码', match: 'contains' },
        { text: '礼包码', match: 'contains' },
      ],
      [
        {
          type: 'card',
          title: '兑换码使用说明',
          description: '在设置 → 兑换码中输入即可领取奖励。',
          image_url: '',
          url: 'https://help.example.com/codes',
        },
      ],
      50,
    ),
    rule('渠道活动', [{ text: '活动', match: 'contains' }], [text('本渠道专属活动请关注游戏内公告。')], 40, {
      channelId,
    }),
  ]);
  await db.insert(autoReplySpecials).values([
    { ...scope, kind: 'on_enter', replies: [text('欢迎来到客服中心，请描述您遇到的问题。')] },
    { ...scope, kind: 'no_match', replies: [text('抱歉，没有找到相关答案，输入“人工”联系客服。')] },
  ]);
}

async function seedSocialAccess(
  db: Db,
  scope: Scope,
  region: 'gn' | 'hw',
  channelId: number | null,
): Promise<void> {
  const domestic = region === 'gn';
  await db.insert(socialAccessPolicies).values([
    {
      ...scope,
      region,
      kind: 'chat',
      settings: { world: true, private: true, guild: true, daily_messages: 300 },
      minLevel: 10,
      realNameRequired: domestic,
    },
    {
      ...scope,
      region,
      kind: 'friend',
      settings: { add: true, gifting: true, daily_requests: 50, daily_gifts: 10 },
      minLevel: 15,
      minAccountAgeDays: 1,
      adultRequired: domestic,
    },
    // One channel keeps world chat closed for new players.
    ...(channelId === null
      ? []
      : [
          {
            ...scope,
            region,
            channelId,
            kind: 'chat' as const,
            settings: { world: false, private: true, guild: true, daily_messages: 100 },
            minLevel: 20,
            realNameRequired: domestic,
          },
        ]),
  ]);
}
