import { FALLBACK_LANGUAGE, type ApprovalKind, type Language, type Translated } from '@rx/contracts';

/**
 * The texts of the notifications approvals send, in the recipient's language (a notification is
 * data written once for one person; the console shows it as it is).
 */
const KIND_NAMES: Record<ApprovalKind, Translated> = {
  'error_codes.publish': {
    zh: '发布错误码',
    en: 'Publish error codes',
    ja: 'エラーコードの公開',
    th: 'เผยแพร่รหัสข้อผิดพลาด',
    vi: 'Xuất bản mã lỗi',
    tl: 'Ilathala ang mga error code',
    id: 'Terbitkan kode galat',
    ar: 'نشر رموز الأخطاء',
    tc: '發佈錯誤碼',
  },
  'error_codes.rollback': {
    zh: '回滚错误码版本',
    en: 'Roll back error codes',
    ja: 'エラーコードのロールバック',
    th: 'ย้อนกลับรหัสข้อผิดพลาด',
    vi: 'Khôi phục phiên bản mã lỗi',
    tl: 'Ibalik ang bersyon ng mga error code',
    id: 'Kembalikan versi kode galat',
    ar: 'استعادة إصدار رموز الأخطاء',
    tc: '回滾錯誤碼版本',
  },
  'app_releases.rollback': {
    zh: '回滚应用版本',
    en: 'Roll back an app version',
    ja: 'アプリのバージョンのロールバック',
    th: 'ย้อนกลับเวอร์ชันแอป',
    vi: 'Khôi phục phiên bản ứng dụng',
    tl: 'Ibalik ang bersyon ng app',
    id: 'Kembalikan versi aplikasi',
    ar: 'استعادة إصدار التطبيق',
    tc: '回滾應用版本',
  },
  'billing_points.update': {
    zh: '修改上线中的计费点',
    en: 'Change a live billing point',
    ja: '公開中の課金ポイントの変更',
    th: 'แก้ไขจุดชำระเงินที่เปิดใช้งานอยู่',
    vi: 'Thay đổi điểm tính phí đang hoạt động',
    tl: 'Baguhin ang live na billing point',
    id: 'Ubah titik tagihan yang aktif',
    ar: 'تغيير نقطة دفع مفعّلة',
    tc: '修改上線中的計費點',
  },
  'code_batches.activate': {
    zh: '启用兑换码批次',
    en: 'Activate an exchange-code batch',
    ja: '引き換えコードのバッチを有効化',
    th: 'เปิดใช้งานชุดโค้ดแลกรางวัล',
    vi: 'Kích hoạt lô mã đổi thưởng',
    tl: 'I-activate ang batch ng exchange code',
    id: 'Aktifkan batch kode penukaran',
    ar: 'تفعيل دفعة رموز الاستبدال',
    tc: '啟用兌換碼批次',
  },
  'announcements.publish': {
    zh: '发布公告',
    en: 'Publish an announcement',
    ja: 'お知らせの公開',
    th: 'เผยแพร่ประกาศ',
    vi: 'Xuất bản thông báo',
    tl: 'Ilathala ang isang anunsyo',
    id: 'Terbitkan pengumuman',
    ar: 'نشر إعلان',
    tc: '發佈公告',
  },
  'sanctions.bulk': {
    zh: '批量处罚玩家',
    en: 'Sanction players in bulk',
    ja: 'プレイヤーの一括処分',
    th: 'ลงโทษผู้เล่นแบบกลุ่ม',
    vi: 'Xử phạt người chơi hàng loạt',
    tl: 'Parusahan ang mga manlalaro nang maramihan',
    id: 'Sanksi pemain secara massal',
    ar: 'معاقبة اللاعبين دفعةً واحدة',
    tc: '批量處罰玩家',
  },
  'sanctions.single': {
    zh: '处罚一名玩家',
    en: 'Sanction a player',
    ja: 'プレイヤー1人の処分',
    th: 'ลงโทษผู้เล่นหนึ่งคน',
    vi: 'Xử phạt một người chơi',
    tl: 'Parusahan ang isang manlalaro',
    id: 'Sanksi satu pemain',
    ar: 'معاقبة لاعب واحد',
    tc: '處罰一名玩家',
  },
  'approval_policies.update': {
    zh: '修改审批策略',
    en: 'Change the approval policies',
    ja: '承認ポリシーの変更',
    th: 'เปลี่ยนนโยบายการอนุมัติ',
    vi: 'Thay đổi chính sách phê duyệt',
    tl: 'Baguhin ang mga patakaran sa pag-apruba',
    id: 'Ubah kebijakan persetujuan',
    ar: 'تغيير سياسات الموافقة',
    tc: '修改審批策略',
  },
  'mails.send': {
    zh: '发送系统邮件',
    en: 'Send a system mail',
    ja: 'システムメールの送信',
    th: 'ส่งจดหมายระบบ',
    vi: 'Gửi thư hệ thống',
    tl: 'Magpadala ng sulat ng sistema',
    id: 'Kirim surat sistem',
    ar: 'إرسال رسالة نظام',
    tc: '發送系統郵件',
  },
  'push_tasks.send': {
    zh: '发送应用推送',
    en: 'Send an app push',
    ja: 'アプリプッシュの送信',
    th: 'ส่งการแจ้งเตือนแอป',
    vi: 'Gửi thông báo đẩy ứng dụng',
    tl: 'Magpadala ng app push',
    id: 'Kirim push aplikasi',
    ar: 'إرسال إشعار تطبيق',
    tc: '發送應用推播',
  },
  'refunds.waive': {
    zh: '豁免退款追回',
    en: 'Waive a refund claw-back',
    ja: '返金回収の免除',
    th: 'ยกเว้นการเรียกคืนเงินคืน',
    vi: 'Miễn thu hồi hoàn tiền',
    tl: 'Ipagpaumanhin ang pagbawi ng refund',
    id: 'Bebaskan penarikan kembali refund',
    ar: 'الإعفاء من استرداد المبلغ المسترجع',
    tc: '豁免退款追回',
  },
  'web_orders.refund': {
    zh: '网页充值订单退款',
    en: 'Refund a web recharge order',
    ja: 'Webチャージ注文の返金',
    th: 'คืนเงินคำสั่งซื้อเติมเงินผ่านเว็บ',
    vi: 'Hoàn tiền đơn nạp tiền web',
    tl: 'Ibalik ang bayad ng order sa web recharge',
    id: 'Refund pesanan isi ulang web',
    ar: 'استرداد مبلغ طلب شحن عبر الويب',
    tc: '網頁儲值訂單退款',
  },
};

const TITLES = {
  asked: {
    zh: '待审批：{kind}（{maker}）',
    en: 'Approval needed: {kind} (by {maker})',
    ja: '承認待ち：{kind}（{maker}）',
    th: 'รออนุมัติ: {kind} (โดย {maker})',
    vi: 'Cần phê duyệt: {kind} (bởi {maker})',
    tl: 'Kailangang aprubahan: {kind} (ni {maker})',
    id: 'Perlu persetujuan: {kind} (oleh {maker})',
    ar: 'بانتظار الموافقة: {kind} (بواسطة {maker})',
    tc: '待審批：{kind}（{maker}）',
  },
  approved: {
    zh: '已批准：{kind}（{checker}）',
    en: 'Approved: {kind} (by {checker})',
    ja: '承認されました：{kind}（{checker}）',
    th: 'อนุมัติแล้ว: {kind} (โดย {checker})',
    vi: 'Đã phê duyệt: {kind} (bởi {checker})',
    tl: 'Naaprubahan: {kind} (ni {checker})',
    id: 'Disetujui: {kind} (oleh {checker})',
    ar: 'تمت الموافقة: {kind} (بواسطة {checker})',
    tc: '已核准：{kind}（{checker}）',
  },
  rejected: {
    zh: '已驳回：{kind}（{checker}）',
    en: 'Rejected: {kind} (by {checker})',
    ja: '却下されました：{kind}（{checker}）',
    th: 'ถูกปฏิเสธ: {kind} (โดย {checker})',
    vi: 'Bị từ chối: {kind} (bởi {checker})',
    tl: 'Tinanggihan: {kind} (ni {checker})',
    id: 'Ditolak: {kind} (oleh {checker})',
    ar: 'مرفوض: {kind} (بواسطة {checker})',
    tc: '已駁回：{kind}（{checker}）',
  },
  failed: {
    zh: '已批准但执行失败：{kind}',
    en: 'Approved but could not be applied: {kind}',
    ja: '承認されましたが適用できませんでした：{kind}',
    th: 'อนุมัติแล้วแต่ดำเนินการไม่สำเร็จ: {kind}',
    vi: 'Đã phê duyệt nhưng không thể áp dụng: {kind}',
    tl: 'Naaprubahan ngunit hindi mailapat: {kind}',
    id: 'Disetujui tetapi gagal diterapkan: {kind}',
    ar: 'تمت الموافقة لكن تعذّر التطبيق: {kind}',
    tc: '已核准但執行失敗：{kind}',
  },
} satisfies Record<string, Translated>;

export type NoticeKey = keyof typeof TITLES;

function pick(texts: Translated, lang: string): string {
  return texts[lang as Language] || texts[FALLBACK_LANGUAGE];
}

/** A notification title in `lang`. */
export function noticeTitle(
  key: NoticeKey,
  lang: string,
  values: { kind: string; maker?: string; checker?: string },
): string {
  const kind = KIND_NAMES[values.kind as ApprovalKind];
  return pick(TITLES[key], lang)
    .replace('{kind}', kind ? pick(kind, lang) : values.kind)
    .replace('{maker}', values.maker ?? '')
    .replace('{checker}', values.checker ?? '');
}
