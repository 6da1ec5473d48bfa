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
  ACCOUNT_DISABLED: 403002,
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
