import { FALLBACK_LANGUAGE, type Language, type Translated } from '@rx/contracts';

/** What the server says itself about ad accounts (answers and the bell), in the nine languages. */
const MESSAGES = {
  /** An authorisation or a sync the medium refused or did not answer; `{reason}` is the medium's. */
  medium_failed: {
    zh: '媒体平台未完成请求：{reason}',
    en: 'The medium did not complete the request: {reason}',
    ja: '媒体が要求を完了しませんでした：{reason}',
    th: 'แพลตฟอร์มสื่อไม่ได้ดำเนินการตามคำขอ: {reason}',
    vi: 'Nền tảng quảng cáo không hoàn tất yêu cầu: {reason}',
    tl: 'Hindi natapos ng media ang kahilingan: {reason}',
    id: 'Media tidak menyelesaikan permintaan: {reason}',
    ar: 'لم تُكمل المنصة الإعلانية الطلب: {reason}',
    tc: '媒體平台未完成請求：{reason}',
  },
  not_set_up: {
    zh: '该媒体尚未在“外部服务”中设置',
    en: 'This medium is not set up on External services.',
    ja: 'この媒体は「外部サービス」で設定されていません。',
    th: 'ยังไม่ได้ตั้งค่าสื่อนี้ในหน้าบริการภายนอก',
    vi: 'Nền tảng này chưa được thiết lập trong Dịch vụ bên ngoài.',
    tl: 'Hindi pa naka-set up ang media na ito sa External services.',
    id: 'Media ini belum diatur di Layanan eksternal.',
    ar: 'لم يتم إعداد هذه المنصة في الخدمات الخارجية.',
    tc: '該媒體尚未在「外部服務」中設定',
  },
  grant_expiring: {
    zh: '广告账户授权即将过期，请重新授权：{account}',
    en: 'An ad account authorisation expires soon; authorise it again: {account}',
    ja: '広告アカウントの認可がまもなく期限切れです。再認可してください：{account}',
    th: 'การอนุญาตบัญชีโฆษณาใกล้หมดอายุ โปรดอนุญาตอีกครั้ง: {account}',
    vi: 'Ủy quyền tài khoản quảng cáo sắp hết hạn, hãy ủy quyền lại: {account}',
    tl: 'Malapit nang mag-expire ang awtorisasyon ng ad account; i-authorize muli: {account}',
    id: 'Otorisasi akun iklan segera berakhir; otorisasi ulang: {account}',
    ar: 'ينتهي تفويض الحساب الإعلاني قريبًا؛ أعد التفويض: {account}',
    tc: '廣告帳戶授權即將過期，請重新授權：{account}',
  },
  grant_expired: {
    zh: '广告账户授权已失效，请重新授权：{account}',
    en: 'An ad account authorisation has lapsed; authorise it again: {account}',
    ja: '広告アカウントの認可が失効しました。再認可してください：{account}',
    th: 'การอนุญาตบัญชีโฆษณาหมดอายุแล้ว โปรดอนุญาตอีกครั้ง: {account}',
    vi: 'Ủy quyền tài khoản quảng cáo đã hết hiệu lực, hãy ủy quyền lại: {account}',
    tl: 'Nag-expire na ang awtorisasyon ng ad account; i-authorize muli: {account}',
    id: 'Otorisasi akun iklan telah berakhir; otorisasi ulang: {account}',
    ar: 'انتهى تفويض الحساب الإعلاني؛ أعد التفويض: {account}',
    tc: '廣告帳戶授權已失效，請重新授權：{account}',
  },
  sync_failed: {
    zh: '广告账户同步失败：{account}',
    en: 'An ad account sync failed: {account}',
    ja: '広告アカウントの同期に失敗しました：{account}',
    th: 'การซิงค์บัญชีโฆษณาล้มเหลว: {account}',
    vi: 'Đồng bộ tài khoản quảng cáo thất bại: {account}',
    tl: 'Nabigo ang pag-sync ng ad account: {account}',
    id: 'Sinkronisasi akun iklan gagal: {account}',
    ar: 'فشلت مزامنة الحساب الإعلاني: {account}',
    tc: '廣告帳戶同步失敗：{account}',
  },
  nothing_to_retry: {
    zh: '该批次没有可重试的失败项',
    en: 'This batch has no failed ads to retry.',
    ja: 'この一括作成には再試行できる失敗項目がありません。',
    th: 'ชุดนี้ไม่มีโฆษณาที่ล้มเหลวให้ลองใหม่',
    vi: 'Lô này không có quảng cáo lỗi nào để thử lại.',
    tl: 'Walang nabigong ad sa batch na ito na susubukang muli.',
    id: 'Batch ini tidak memiliki iklan gagal untuk dicoba ulang.',
    ar: 'لا توجد في هذه الدفعة إعلانات فاشلة لإعادة المحاولة.',
    tc: '該批次沒有可重試的失敗項',
  },
} satisfies Record<string, Translated>;

export type AdMessage = keyof typeof MESSAGES;

export function adMessage(
  key: AdMessage,
  lang: Language | string,
  params: Record<string, string> = {},
): string {
  const table = MESSAGES[key] as Record<string, string>;
  const text = table[lang] ?? table[FALLBACK_LANGUAGE]!;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}
