import { FALLBACK_LANGUAGE, type Language, type Translated } from './languages.ts';

/** Body `code` of every answer; 0 is success. Each code has its HTTP status and a translated message. */
export const ErrorCode = {
  OK: 0,
  /** The sign-in session is over: sign in again. */
  SESSION_ENDED: 305001,
  /** The access token has expired: refresh it. */
  TOKEN_EXPIRED: 305002,
  /** The access token is not valid for the current key: refresh it. */
  TOKEN_INVALID: 305003,
  /** The access token is older than the user's last permission change: refresh it. */
  TOKEN_STALE: 305004,
  INVALID_INPUT: 400001,
  WRONG_CREDENTIALS: 401001,
  CAPTCHA_REQUIRED: 401002,
  CAPTCHA_WRONG: 401003,
  LINK_INVALID: 401004,
  /** Game API: the request lacks X-Key-Id, X-Timestamp, X-Nonce or X-Signature (or the nonce is malformed). */
  GAME_AUTH_MISSING: 401005,
  /** Game API: the key id is unknown or the key was revoked. */
  GAME_KEY_INVALID: 401006,
  /** Game API: X-Timestamp is not within 300 s of the server's clock. */
  GAME_TIMESTAMP_INVALID: 401007,
  /** Game API: X-Signature does not match the request. */
  GAME_SIGNATURE_INVALID: 401008,
  /** Game API: the key already used this X-Nonce within the window (a replayed request). */
  GAME_NONCE_REUSED: 401009,
  /** /metrics: the bearer token (METRICS_TOKEN) is missing or wrong. */
  METRICS_TOKEN_INVALID: 401010,
  ACCOUNT_DISABLED: 403002,
  /** The account is still on its initial password: only what changing it needs is allowed. */
  PASSWORD_CHANGE_REQUIRED: 403003,
  FORBIDDEN: 403001,
  NOT_FOUND: 404001,
  CONFLICT: 409001,
  BUSINESS_RULE: 422001,
  TOO_MANY_ATTEMPTS: 429001,
  INTERNAL: 500001,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Codes the console answers by refreshing its access token once and retrying. */
export const REFRESHABLE_CODES: readonly number[] = [
  ErrorCode.TOKEN_EXPIRED,
  ErrorCode.TOKEN_INVALID,
  ErrorCode.TOKEN_STALE,
];

interface ErrorInfo {
  status: number;
  msg: Translated;
}

export const ERRORS: Record<Exclude<ErrorCodeValue, 0>, ErrorInfo> = {
  305001: {
    status: 401,
    msg: {
      zh: '登录已失效，请重新登录',
      en: 'Your session has ended. Please sign in again.',
      ja: 'セッションが終了しました。もう一度サインインしてください。',
      th: 'เซสชันของคุณสิ้นสุดแล้ว กรุณาเข้าสู่ระบบอีกครั้ง',
      vi: 'Phiên đăng nhập đã kết thúc. Vui lòng đăng nhập lại.',
      tl: 'Natapos na ang iyong session. Mag-sign in muli.',
      id: 'Sesi Anda telah berakhir. Silakan masuk lagi.',
      ar: 'انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.',
      tc: '登入已失效，請重新登入',
    },
  },
  305002: {
    status: 401,
    msg: {
      zh: '访问令牌已过期',
      en: 'The access token has expired.',
      ja: 'アクセストークンの有効期限が切れました。',
      th: 'โทเค็นการเข้าถึงหมดอายุแล้ว',
      vi: 'Mã truy cập đã hết hạn.',
      tl: 'Nag-expire na ang access token.',
      id: 'Token akses telah kedaluwarsa.',
      ar: 'انتهت صلاحية رمز الوصول.',
      tc: '存取權杖已過期',
    },
  },
  305003: {
    status: 401,
    msg: {
      zh: '访问令牌无效',
      en: 'The access token is not valid.',
      ja: 'アクセストークンが無効です。',
      th: 'โทเค็นการเข้าถึงไม่ถูกต้อง',
      vi: 'Mã truy cập không hợp lệ.',
      tl: 'Hindi wasto ang access token.',
      id: 'Token akses tidak valid.',
      ar: 'رمز الوصول غير صالح.',
      tc: '存取權杖無效',
    },
  },
  305004: {
    status: 401,
    msg: {
      zh: '权限已变更，请刷新访问令牌',
      en: 'Your permissions have changed; the access token must be renewed.',
      ja: '権限が変更されました。アクセストークンを更新してください。',
      th: 'สิทธิ์ของคุณมีการเปลี่ยนแปลง ต้องต่ออายุโทเค็นการเข้าถึง',
      vi: 'Quyền của bạn đã thay đổi; cần làm mới mã truy cập.',
      tl: 'Nagbago ang iyong mga pahintulot; kailangang i-renew ang access token.',
      id: 'Izin Anda telah berubah; token akses harus diperbarui.',
      ar: 'تغيّرت صلاحياتك؛ يجب تجديد رمز الوصول.',
      tc: '權限已變更，請更新存取權杖',
    },
  },
  400001: {
    status: 400,
    msg: {
      zh: '输入有误，请检查标出的字段',
      en: 'Some input is not valid. Please check the marked fields.',
      ja: '入力内容に誤りがあります。表示された項目を確認してください。',
      th: 'ข้อมูลบางส่วนไม่ถูกต้อง กรุณาตรวจสอบช่องที่ทำเครื่องหมายไว้',
      vi: 'Một số thông tin không hợp lệ. Vui lòng kiểm tra các trường được đánh dấu.',
      tl: 'May hindi wastong input. Pakisuri ang mga minarkahang field.',
      id: 'Beberapa masukan tidak valid. Periksa kolom yang ditandai.',
      ar: 'بعض المدخلات غير صالحة. يرجى مراجعة الحقول المحددة.',
      tc: '輸入有誤，請檢查標示的欄位',
    },
  },
  401001: {
    status: 401,
    msg: {
      zh: '用户名或密码错误',
      en: 'Wrong username or password.',
      ja: 'ユーザー名またはパスワードが正しくありません。',
      th: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
      vi: 'Sai tên đăng nhập hoặc mật khẩu.',
      tl: 'Mali ang username o password.',
      id: 'Nama pengguna atau kata sandi salah.',
      ar: 'اسم المستخدم أو كلمة المرور غير صحيحة.',
      tc: '使用者名稱或密碼錯誤',
    },
  },
  401002: {
    status: 401,
    msg: {
      zh: '请输入验证码',
      en: 'Please enter the verification code.',
      ja: '認証コードを入力してください。',
      th: 'กรุณากรอกรหัสยืนยัน',
      vi: 'Vui lòng nhập mã xác minh.',
      tl: 'Pakilagay ang verification code.',
      id: 'Masukkan kode verifikasi.',
      ar: 'يرجى إدخال رمز التحقق.',
      tc: '請輸入驗證碼',
    },
  },
  401003: {
    status: 401,
    msg: {
      zh: '验证码错误或已过期',
      en: 'The verification code is wrong or has expired.',
      ja: '認証コードが間違っているか、有効期限が切れています。',
      th: 'รหัสยืนยันไม่ถูกต้องหรือหมดอายุแล้ว',
      vi: 'Mã xác minh sai hoặc đã hết hạn.',
      tl: 'Mali o expired na ang verification code.',
      id: 'Kode verifikasi salah atau sudah kedaluwarsa.',
      ar: 'رمز التحقق غير صحيح أو منتهي الصلاحية.',
      tc: '驗證碼錯誤或已過期',
    },
  },
  401004: {
    status: 401,
    msg: {
      zh: '登录链接无效、已过期或已使用',
      en: 'The sign-in link is not valid, has expired or was already used.',
      ja: 'サインインリンクが無効、期限切れ、または使用済みです。',
      th: 'ลิงก์เข้าสู่ระบบไม่ถูกต้อง หมดอายุ หรือถูกใช้ไปแล้ว',
      vi: 'Liên kết đăng nhập không hợp lệ, đã hết hạn hoặc đã được sử dụng.',
      tl: 'Hindi wasto, expired na, o nagamit na ang sign-in link.',
      id: 'Tautan masuk tidak valid, kedaluwarsa, atau sudah digunakan.',
      ar: 'رابط تسجيل الدخول غير صالح أو منتهي الصلاحية أو تم استخدامه.',
      tc: '登入連結無效、已過期或已使用',
    },
  },
  401005: {
    status: 401,
    msg: {
      zh: '签名请求头（X-Key-Id、X-Timestamp、X-Nonce、X-Signature）缺失或格式不正确',
      en: 'The signature headers (X-Key-Id, X-Timestamp, X-Nonce, X-Signature) are missing or malformed.',
      ja: '署名ヘッダー（X-Key-Id、X-Timestamp、X-Nonce、X-Signature）がないか、形式が正しくありません。',
      th: 'ไม่มีส่วนหัวลายเซ็น (X-Key-Id, X-Timestamp, X-Nonce, X-Signature) หรือรูปแบบไม่ถูกต้อง',
      vi: 'Thiếu các header chữ ký (X-Key-Id, X-Timestamp, X-Nonce, X-Signature) hoặc sai định dạng.',
      tl: 'Nawawala o mali ang anyo ng mga signature header (X-Key-Id, X-Timestamp, X-Nonce, X-Signature).',
      id: 'Header tanda tangan (X-Key-Id, X-Timestamp, X-Nonce, X-Signature) tidak ada atau formatnya salah.',
      ar: 'ترويسات التوقيع (X-Key-Id وX-Timestamp وX-Nonce وX-Signature) مفقودة أو غير صالحة الصيغة.',
      tc: '簽章請求標頭（X-Key-Id、X-Timestamp、X-Nonce、X-Signature）缺失或格式不正確',
    },
  },
  401006: {
    status: 401,
    msg: {
      zh: 'API 密钥不存在或已被吊销',
      en: 'The API key is unknown or has been revoked.',
      ja: 'API キーが存在しないか、失効しています。',
      th: 'ไม่พบคีย์ API หรือคีย์ถูกเพิกถอนแล้ว',
      vi: 'Khóa API không tồn tại hoặc đã bị thu hồi.',
      tl: 'Hindi kilala o binawi na ang API key.',
      id: 'Kunci API tidak dikenal atau telah dicabut.',
      ar: 'مفتاح API غير معروف أو تم إلغاؤه.',
      tc: 'API 金鑰不存在或已被撤銷',
    },
  },
  401007: {
    status: 401,
    msg: {
      zh: '请求时间戳无效或与服务器时间相差超过 300 秒',
      en: 'The request timestamp is not valid or is more than 300 seconds from the server time.',
      ja: 'リクエストのタイムスタンプが無効か、サーバー時刻と 300 秒以上ずれています。',
      th: 'เวลาประทับของคำขอไม่ถูกต้องหรือคลาดเคลื่อนจากเวลาเซิร์ฟเวอร์เกิน 300 วินาที',
      vi: 'Dấu thời gian của yêu cầu không hợp lệ hoặc lệch quá 300 giây so với giờ máy chủ.',
      tl: 'Hindi wasto ang timestamp ng request o lampas ito ng 300 segundo sa oras ng server.',
      id: 'Stempel waktu permintaan tidak valid atau berselisih lebih dari 300 detik dari waktu server.',
      ar: 'الطابع الزمني للطلب غير صالح أو يختلف عن وقت الخادم بأكثر من 300 ثانية.',
      tc: '請求時間戳無效或與伺服器時間相差超過 300 秒',
    },
  },
  401008: {
    status: 401,
    msg: {
      zh: '请求签名不正确',
      en: 'The request signature does not match.',
      ja: 'リクエストの署名が一致しません。',
      th: 'ลายเซ็นของคำขอไม่ถูกต้อง',
      vi: 'Chữ ký của yêu cầu không khớp.',
      tl: 'Hindi tugma ang signature ng request.',
      id: 'Tanda tangan permintaan tidak cocok.',
      ar: 'توقيع الطلب غير مطابق.',
      tc: '請求簽章不正確',
    },
  },
  401009: {
    status: 401,
    msg: {
      zh: '该请求随机数（X-Nonce）已被使用，请为每个请求生成新的随机数',
      en: 'This request nonce (X-Nonce) was already used. Send a new nonce with every request.',
      ja: 'このリクエストのナンス（X-Nonce）は使用済みです。リクエストごとに新しいナンスを送ってください。',
      th: 'ค่า nonce ของคำขอนี้ (X-Nonce) ถูกใช้ไปแล้ว กรุณาส่ง nonce ใหม่ทุกครั้งที่ส่งคำขอ',
      vi: 'Nonce của yêu cầu này (X-Nonce) đã được dùng. Hãy gửi nonce mới cho mỗi yêu cầu.',
      tl: 'Nagamit na ang nonce ng request na ito (X-Nonce). Magpadala ng bagong nonce sa bawat request.',
      id: 'Nonce permintaan ini (X-Nonce) sudah pernah dipakai. Kirim nonce baru untuk setiap permintaan.',
      ar: 'سبق استخدام الرقم العشوائي لهذا الطلب (X-Nonce). أرسل رقمًا عشوائيًا جديدًا مع كل طلب.',
      tc: '此請求隨機數（X-Nonce）已被使用，請為每個請求產生新的隨機數',
    },
  },
  401010: {
    status: 401,
    msg: {
      zh: '指标访问令牌缺失或不正确',
      en: 'The metrics access token is missing or wrong.',
      ja: 'メトリクスのアクセストークンがないか、正しくありません。',
      th: 'ไม่มีโทเค็นการเข้าถึงเมตริก หรือโทเค็นไม่ถูกต้อง',
      vi: 'Thiếu mã truy cập số liệu hoặc mã không đúng.',
      tl: 'Wala o mali ang access token ng metrics.',
      id: 'Token akses metrik tidak ada atau salah.',
      ar: 'رمز الوصول إلى المقاييس مفقود أو غير صحيح.',
      tc: '指標存取權杖缺失或不正確',
    },
  },
  403001: {
    status: 403,
    msg: {
      zh: '没有权限执行此操作',
      en: 'You do not have permission to do this.',
      ja: 'この操作を行う権限がありません。',
      th: 'คุณไม่มีสิทธิ์ดำเนินการนี้',
      vi: 'Bạn không có quyền thực hiện thao tác này.',
      tl: 'Wala kang pahintulot na gawin ito.',
      id: 'Anda tidak memiliki izin untuk melakukan ini.',
      ar: 'ليست لديك صلاحية للقيام بذلك.',
      tc: '沒有權限執行此操作',
    },
  },
  403002: {
    status: 403,
    msg: {
      zh: '账号已停用，请联系管理员',
      en: 'This account is disabled. Please contact an administrator.',
      ja: 'このアカウントは無効になっています。管理者に連絡してください。',
      th: 'บัญชีนี้ถูกปิดใช้งาน กรุณาติดต่อผู้ดูแลระบบ',
      vi: 'Tài khoản này đã bị vô hiệu hóa. Vui lòng liên hệ quản trị viên.',
      tl: 'Naka-disable ang account na ito. Makipag-ugnayan sa administrator.',
      id: 'Akun ini dinonaktifkan. Hubungi administrator.',
      ar: 'هذا الحساب معطّل. يرجى التواصل مع المسؤول.',
      tc: '帳號已停用，請聯絡管理員',
    },
  },
  403003: {
    status: 403,
    msg: {
      zh: '请先修改初始密码，再继续使用',
      en: 'Please change your initial password before going on.',
      ja: '続行する前に初期パスワードを変更してください。',
      th: 'กรุณาเปลี่ยนรหัสผ่านเริ่มต้นก่อนใช้งานต่อ',
      vi: 'Vui lòng đổi mật khẩu ban đầu trước khi tiếp tục.',
      tl: 'Palitan muna ang iyong paunang password bago magpatuloy.',
      id: 'Ubah dulu kata sandi awal Anda sebelum melanjutkan.',
      ar: 'يرجى تغيير كلمة المرور الأولية قبل المتابعة.',
      tc: '請先修改初始密碼，再繼續使用',
    },
  },
  404001: {
    status: 404,
    msg: {
      zh: '找不到该记录',
      en: 'The record was not found.',
      ja: 'レコードが見つかりません。',
      th: 'ไม่พบข้อมูล',
      vi: 'Không tìm thấy bản ghi.',
      tl: 'Hindi nahanap ang record.',
      id: 'Data tidak ditemukan.',
      ar: 'لم يتم العثور على السجل.',
      tc: '找不到該記錄',
    },
  },
  409001: {
    status: 409,
    msg: {
      zh: '数据已被他人修改，请刷新后重试',
      en: 'Someone else changed this record. Reload it and try again.',
      ja: '他のユーザーがこのデータを変更しました。再読み込みしてからやり直してください。',
      th: 'มีผู้อื่นแก้ไขข้อมูลนี้แล้ว กรุณาโหลดใหม่แล้วลองอีกครั้ง',
      vi: 'Người khác đã thay đổi bản ghi này. Hãy tải lại và thử lại.',
      tl: 'May ibang nagbago ng record na ito. I-reload at subukang muli.',
      id: 'Orang lain telah mengubah data ini. Muat ulang dan coba lagi.',
      ar: 'قام شخص آخر بتغيير هذا السجل. أعد تحميله وحاول مرة أخرى.',
      tc: '資料已被他人修改，請重新整理後再試',
    },
  },
  422001: {
    status: 422,
    msg: {
      zh: '该操作不符合业务规则',
      en: 'This action is refused by a business rule.',
      ja: 'この操作は業務ルールにより拒否されました。',
      th: 'การดำเนินการนี้ถูกปฏิเสธตามกฎทางธุรกิจ',
      vi: 'Thao tác này bị từ chối theo quy tắc nghiệp vụ.',
      tl: 'Tinanggihan ng isang business rule ang aksyong ito.',
      id: 'Tindakan ini ditolak oleh aturan bisnis.',
      ar: 'رُفض هذا الإجراء بموجب قاعدة عمل.',
      tc: '該操作不符合業務規則',
    },
  },
  429001: {
    status: 429,
    msg: {
      zh: '尝试次数过多，请稍后再试',
      en: 'Too many attempts. Please try again later.',
      ja: '試行回数が多すぎます。しばらくしてからもう一度お試しください。',
      th: 'พยายามหลายครั้งเกินไป กรุณาลองใหม่ภายหลัง',
      vi: 'Quá nhiều lần thử. Vui lòng thử lại sau.',
      tl: 'Masyadong maraming pagsubok. Subukang muli mamaya.',
      id: 'Terlalu banyak percobaan. Coba lagi nanti.',
      ar: 'محاولات كثيرة جدًا. يرجى المحاولة لاحقًا.',
      tc: '嘗試次數過多，請稍後再試',
    },
  },
  500001: {
    status: 500,
    msg: {
      zh: '服务器内部错误',
      en: 'Internal server error.',
      ja: 'サーバー内部エラーが発生しました。',
      th: 'เกิดข้อผิดพลาดภายในเซิร์ฟเวอร์',
      vi: 'Lỗi máy chủ nội bộ.',
      tl: 'Nagkaroon ng error sa loob ng server.',
      id: 'Terjadi kesalahan internal server.',
      ar: 'خطأ داخلي في الخادم.',
      tc: '伺服器內部錯誤',
    },
  },
};

export function errorMessage(code: Exclude<ErrorCodeValue, 0>, lang: Language): string {
  const info = ERRORS[code];
  return info.msg[lang] || info.msg[FALLBACK_LANGUAGE];
}

/** The envelope of every answer of the API. */
export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

/**
 * Why a business rule refused an action (sent as `msg` with 422001), when the generic message of
 * 422001 would leave the user guessing.
 */
export const RULE_MESSAGES = {
  in_use_disabled: {
    zh: '该记录正在被使用，不能删除，已改为停用',
    en: 'This record is in use, so it was disabled instead of deleted.',
    ja: 'このレコードは使用中のため削除できません。代わりに無効にしました。',
    th: 'รายการนี้กำลังถูกใช้งาน จึงถูกปิดใช้งานแทนการลบ',
    vi: 'Bản ghi này đang được sử dụng nên đã bị vô hiệu hóa thay vì xóa.',
    tl: 'Ginagamit ang record na ito, kaya na-disable ito sa halip na burahin.',
    id: 'Data ini sedang digunakan, jadi dinonaktifkan alih-alih dihapus.',
    ar: 'هذا السجل قيد الاستخدام، لذا تم تعطيله بدلًا من حذفه.',
    tc: '該記錄正在被使用，不能刪除，已改為停用',
  },
  admin_role_fixed: {
    zh: '超级管理员角色不能修改或删除',
    en: 'The administrator role cannot be changed or deleted.',
    ja: '管理者ロールは変更または削除できません。',
    th: 'ไม่สามารถแก้ไขหรือลบบทบาทผู้ดูแลระบบได้',
    vi: 'Không thể thay đổi hoặc xóa vai trò quản trị viên.',
    tl: 'Hindi mababago o mabubura ang tungkuling administrator.',
    id: 'Peran administrator tidak dapat diubah atau dihapus.',
    ar: 'لا يمكن تغيير دور المسؤول أو حذفه.',
    tc: '超級管理員角色不能修改或刪除',
  },
  not_yourself: {
    zh: '不能对自己的账号执行此操作',
    en: 'You cannot do this to your own account.',
    ja: '自分のアカウントにはこの操作を行えません。',
    th: 'คุณไม่สามารถทำสิ่งนี้กับบัญชีของตัวเองได้',
    vi: 'Bạn không thể thực hiện thao tác này với tài khoản của chính mình.',
    tl: 'Hindi mo ito magagawa sa sarili mong account.',
    id: 'Anda tidak dapat melakukan ini pada akun Anda sendiri.',
    ar: 'لا يمكنك القيام بذلك على حسابك الخاص.',
    tc: '不能對自己的帳號執行此操作',
  },
  old_version: {
    zh: '这是计费点的历史版本，请编辑当前版本',
    en: 'This is an old version of the billing point; edit the current one.',
    ja: 'これは課金ポイントの旧バージョンです。現在のバージョンを編集してください。',
    th: 'นี่คือเวอร์ชันเก่าของจุดชำระเงิน กรุณาแก้ไขเวอร์ชันปัจจุบัน',
    vi: 'Đây là phiên bản cũ của điểm tính phí; hãy chỉnh sửa phiên bản hiện tại.',
    tl: 'Lumang bersyon ito ng billing point; i-edit ang kasalukuyan.',
    id: 'Ini versi lama dari titik tagihan; edit versi saat ini.',
    ar: 'هذه نسخة قديمة من نقطة الدفع؛ عدّل النسخة الحالية.',
    tc: '這是計費點的歷史版本，請編輯目前版本',
  },
  has_children: {
    zh: '该节点下还有子节点，请先删除或移走子节点',
    en: 'This node still has children. Delete or move them first.',
    ja: 'このノードには子ノードがあります。先に削除または移動してください。',
    th: 'โหนดนี้ยังมีโหนดย่อย กรุณาลบหรือย้ายโหนดย่อยก่อน',
    vi: 'Nút này vẫn còn nút con. Hãy xóa hoặc di chuyển chúng trước.',
    tl: 'May mga anak pa ang node na ito. Burahin o ilipat muna ang mga ito.',
    id: 'Node ini masih memiliki turunan. Hapus atau pindahkan terlebih dahulu.',
    ar: 'لا تزال لهذه العقدة عقد فرعية. احذفها أو انقلها أولًا.',
    tc: '該節點下還有子節點，請先刪除或移走子節點',
  },
  tree_cycle: {
    zh: '不能把节点移动到它自身或它的子节点下',
    en: 'A node cannot be moved under itself or one of its descendants.',
    ja: 'ノードを自身またはその子孫の下に移動することはできません。',
    th: 'ไม่สามารถย้ายโหนดไปไว้ใต้ตัวเองหรือโหนดลูกหลานของมันได้',
    vi: 'Không thể di chuyển một nút vào dưới chính nó hoặc nút con cháu của nó.',
    tl: 'Hindi maililipat ang isang node sa ilalim ng sarili nito o ng isa sa mga inapo nito.',
    id: 'Node tidak dapat dipindahkan ke bawah dirinya sendiri atau turunannya.',
    ar: 'لا يمكن نقل عقدة تحت نفسها أو تحت إحدى العقد المتفرعة منها.',
    tc: '不能把節點移動到它自身或它的子節點下',
  },
  unpublish_first: {
    zh: '已发布的内容不能删除，请先下线',
    en: 'Published content cannot be deleted. Unpublish it first.',
    ja: '公開中のコンテンツは削除できません。先に公開を停止してください。',
    th: 'ไม่สามารถลบเนื้อหาที่เผยแพร่แล้วได้ กรุณายกเลิกการเผยแพร่ก่อน',
    vi: 'Không thể xóa nội dung đã xuất bản. Hãy gỡ xuất bản trước.',
    tl: 'Hindi mabubura ang nailathalang nilalaman. I-unpublish muna ito.',
    id: 'Konten yang sudah diterbitkan tidak dapat dihapus. Batalkan penerbitannya terlebih dahulu.',
    ar: 'لا يمكن حذف المحتوى المنشور. ألغِ نشره أولًا.',
    tc: '已發佈的內容不能刪除，請先下線',
  },
  nothing_to_publish: {
    zh: '没有可发布的启用中的错误码',
    en: 'There are no enabled error codes to publish.',
    ja: '公開できる有効なエラーコードがありません。',
    th: 'ไม่มีรหัสข้อผิดพลาดที่เปิดใช้งานให้เผยแพร่',
    vi: 'Không có mã lỗi nào đang bật để xuất bản.',
    tl: 'Walang naka-enable na error code na mailalathala.',
    id: 'Tidak ada kode galat aktif untuk diterbitkan.',
    ar: 'لا توجد رموز أخطاء مفعّلة للنشر.',
    tc: '沒有可發佈的啟用中的錯誤碼',
  },
  // Lifecycle and two-person approval (lib/lifecycle.ts, modules/approvals).
  window_over: {
    zh: '结束时间已过，不能再发布；请修改结束时间',
    en: 'Its end time has passed, so it cannot be published; change the end time first.',
    ja: '終了時刻を過ぎているため公開できません。先に終了時刻を変更してください。',
    th: 'เลยเวลาสิ้นสุดแล้ว จึงเผยแพร่ไม่ได้ โปรดแก้ไขเวลาสิ้นสุดก่อน',
    vi: 'Đã quá thời điểm kết thúc nên không thể xuất bản; hãy đổi thời điểm kết thúc trước.',
    tl: 'Lumipas na ang oras ng pagtatapos kaya hindi ito mailalathala; baguhin muna ang oras ng pagtatapos.',
    id: 'Waktu berakhirnya sudah lewat, jadi tidak bisa diterbitkan; ubah waktu berakhir terlebih dahulu.',
    ar: 'انقضى وقت الانتهاء، لذا لا يمكن النشر؛ غيّر وقت الانتهاء أولًا.',
    tc: '結束時間已過，不能再發佈；請修改結束時間',
  },
  draft_only: {
    zh: '只能修改或删除草稿；请先撤回',
    en: 'Only a draft can be changed or deleted; recall it first.',
    ja: '変更・削除できるのは下書きのみです。先に取り下げてください。',
    th: 'แก้ไขหรือลบได้เฉพาะฉบับร่าง โปรดเรียกคืนก่อน',
    vi: 'Chỉ có thể sửa hoặc xóa bản nháp; hãy thu hồi trước.',
    tl: 'Draft lamang ang maaaring baguhin o burahin; bawiin muna ito.',
    id: 'Hanya draf yang dapat diubah atau dihapus; tarik kembali terlebih dahulu.',
    ar: 'لا يمكن تعديل أو حذف إلا المسودة؛ اسحبها أولًا.',
    tc: '只能修改或刪除草稿；請先撤回',
  },
  not_in_this_state: {
    zh: '当前状态下不允许此操作',
    en: 'This action is not allowed in the current state.',
    ja: '現在の状態ではこの操作はできません。',
    th: 'ไม่อนุญาตให้ดำเนินการนี้ในสถานะปัจจุบัน',
    vi: 'Không cho phép thao tác này ở trạng thái hiện tại.',
    tl: 'Hindi pinapayagan ang aksyong ito sa kasalukuyang estado.',
    id: 'Tindakan ini tidak diizinkan pada status saat ini.',
    ar: 'هذا الإجراء غير مسموح به في الحالة الحالية.',
    tc: '目前狀態下不允許此操作',
  },
  already_decided: {
    zh: '该审批已处理，不能再次操作',
    en: 'This request has already been decided.',
    ja: 'この申請はすでに処理されています。',
    th: 'คำขอนี้ได้รับการตัดสินแล้ว',
    vi: 'Yêu cầu này đã được xử lý.',
    tl: 'Napagpasyahan na ang kahilingang ito.',
    id: 'Permintaan ini sudah diputuskan.',
    ar: 'تم البتّ في هذا الطلب بالفعل.',
    tc: '該審批已處理，不能再次操作',
  },
  own_request: {
    zh: '不能审批自己提交的申请，需由另一人审批',
    en: 'You cannot decide your own request; another person must.',
    ja: '自分の申請は承認・却下できません。別の担当者が判断する必要があります。',
    th: 'คุณไม่สามารถตัดสินคำขอของตัวเองได้ ต้องให้ผู้อื่นเป็นผู้ตัดสิน',
    vi: 'Bạn không thể tự duyệt yêu cầu của mình; người khác phải duyệt.',
    tl: 'Hindi mo mapagpapasyahan ang sarili mong kahilingan; ibang tao ang dapat gumawa nito.',
    id: 'Anda tidak dapat memutuskan permintaan Anda sendiri; orang lain yang harus memutuskan.',
    ar: 'لا يمكنك البتّ في طلبك الخاص؛ يجب أن يقوم بذلك شخص آخر.',
    tc: '不能審批自己提交的申請，需由另一人審批',
  },
  own_pending: {
    zh: '您有此类待审批的申请：请先撤回，再修改对应的审批策略',
    en: 'You have pending requests this policy governs: withdraw them before changing it.',
    ja: 'このポリシーの対象となる承認待ちの申請があります。変更する前に取り下げてください。',
    th: 'คุณมีคำขอที่รออนุมัติซึ่งอยู่ภายใต้นโยบายนี้ กรุณาถอนคำขอเหล่านั้นก่อนเปลี่ยนนโยบาย',
    vi: 'Bạn có yêu cầu đang chờ duyệt thuộc chính sách này: hãy rút chúng trước khi thay đổi.',
    tl: 'May mga nakabinbin kang kahilingan na saklaw ng patakarang ito: bawiin muna ang mga ito bago ito baguhin.',
    id: 'Anda memiliki permintaan tertunda yang diatur kebijakan ini: tarik dulu sebelum mengubahnya.',
    ar: 'لديك طلبات معلّقة تخضع لهذه السياسة: اسحبها قبل تغييرها.',
    tc: '您有此類待審批的申請：請先撤回，再修改對應的審批策略',
  },
  approver_too_new: {
    zh: '该申请提交时您的账号尚未创建，不能审批此申请',
    en: 'Your account was created after this request was made, so you cannot decide it.',
    ja: 'この申請の後に作成されたアカウントのため、この申請を判断できません。',
    th: 'บัญชีของคุณถูกสร้างหลังจากคำขอนี้ จึงไม่สามารถตัดสินคำขอนี้ได้',
    vi: 'Tài khoản của bạn được tạo sau khi yêu cầu này được gửi nên bạn không thể duyệt nó.',
    tl: 'Nagawa ang iyong account pagkatapos gawin ang kahilingang ito, kaya hindi mo ito mapagpapasyahan.',
    id: 'Akun Anda dibuat setelah permintaan ini diajukan, jadi Anda tidak dapat memutuskannya.',
    ar: 'أُنشئ حسابك بعد تقديم هذا الطلب، لذا لا يمكنك البتّ فيه.',
    tc: '該申請提交時您的帳號尚未建立，不能審批此申請',
  },
  only_maker_cancels: {
    zh: '只有提交人可以撤回该申请',
    en: 'Only the person who made the request can cancel it.',
    ja: '申請を取り消せるのは申請者本人のみです。',
    th: 'เฉพาะผู้ที่ส่งคำขอเท่านั้นที่ยกเลิกได้',
    vi: 'Chỉ người tạo yêu cầu mới có thể hủy yêu cầu.',
    tl: 'Ang gumawa lamang ng kahilingan ang makakakansela nito.',
    id: 'Hanya pembuat permintaan yang dapat membatalkannya.',
    ar: 'لا يمكن إلغاء الطلب إلا من قِبل مقدّمه.',
    tc: '只有提交人可以撤回該申請',
  },
  overseas_only: {
    zh: '此功能仅服务海外（hw）产品，请在页头切换到海外产品',
    en: 'This serves overseas (hw) products only: choose an overseas game in the header.',
    ja: 'この機能は海外（hw）製品のみ対象です。ヘッダーで海外のゲームを選んでください。',
    th: 'ฟังก์ชันนี้ให้บริการเฉพาะผลิตภัณฑ์ต่างประเทศ (hw) เท่านั้น: เลือกเกมต่างประเทศที่ส่วนหัว',
    vi: 'Chức năng này chỉ phục vụ sản phẩm hải ngoại (hw): hãy chọn trò chơi hải ngoại ở đầu trang.',
    tl: 'Para lamang ito sa mga produktong pang-ibang bansa (hw): pumili ng larong pang-ibang bansa sa header.',
    id: 'Fitur ini hanya melayani produk luar negeri (hw): pilih game luar negeri di header.',
    ar: 'هذه الميزة تخدم المنتجات الخارجية (hw) فقط: اختر لعبة خارجية من الترويسة.',
    tc: '此功能僅服務海外（hw）產品，請在頁首切換到海外產品',
  },
} satisfies Record<string, Translated>;
export type RuleKey = keyof typeof RULE_MESSAGES;

export function ruleMessage(key: RuleKey, lang: Language): string {
  const texts: Translated = RULE_MESSAGES[key];
  return texts[lang] || texts[FALLBACK_LANGUAGE];
}
