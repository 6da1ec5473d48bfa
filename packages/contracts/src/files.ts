import { z } from 'zod';
import { FALLBACK_LANGUAGE, type Language, type Translated } from './languages.ts';

/**
 * Uploaded files (`POST /api/v1/files?use=…`): what each use accepts, shared by the server, which
 * enforces it on the bytes, and the console, which checks the same limits before sending.
 */

/** What a file is for: a picture (icons, help-centre images), a game package, a list of player openids. */
export const FILE_USES = ['image', 'package', 'openid_list', 'video'] as const;
export type FileUse = (typeof FILE_USES)[number];

export interface FileUseLimits {
  /** Largest upload in bytes; one byte more is refused with HTTP 413. */
  maxBytes: number;
  /** File-name endings the console offers and the server accepts (lower case, with the dot). */
  extensions: readonly string[];
  /** The content types the bytes may really be (sniffed by the server, never taken from the client). */
  types: readonly string[];
}

const MiB = 1024 * 1024;

export const FILE_USE_LIMITS: Record<FileUse, FileUseLimits> = {
  // Raster formats only: an SVG can carry script, so it is never accepted as an image.
  image: {
    maxBytes: 2 * MiB,
    extensions: ['.png', '.jpg', '.jpeg', '.gif', '.webp'],
    types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  },
  // APK, AAB and IPA are zip archives; the bytes must start like one.
  package: {
    maxBytes: 512 * MiB,
    extensions: ['.apk', '.aab', '.ipa', '.zip'],
    types: ['application/vnd.android.package-archive', 'application/octet-stream', 'application/zip'],
  },
  // One openid per line (a header line is allowed), UTF-8 text without control characters.
  openid_list: {
    maxBytes: 5 * MiB,
    extensions: ['.csv', '.txt'],
    types: ['text/csv'],
  },
  // A share video (Douyin video materials, video sharing): an MP4 whose container is read for its
  // video track and duration (VIDEO_LIMITS).
  video: {
    maxBytes: 128 * MiB,
    extensions: ['.mp4'],
    types: ['video/mp4'],
  },
};

/** A video's length in seconds: Douyin's share kit takes videos of 3 s at least; 15 minutes at most. */
export const VIDEO_LIMITS = { minSeconds: 3, maxSeconds: 900 } as const;

/** An openid list's further limits: lines (a header included) and characters of one line. */
export const OPENID_LIST_LIMITS = { lines: 200_000, lineLength: 128 } as const;

/**
 * An image's size as its header states it, checked before anything decodes it: a few-KB PNG may
 * claim 16000 × 16000 (a gigabyte once decoded), a bomb for whoever draws it. 25 megapixels is far
 * above any icon or article picture; a side over 16,384 pixels is refused too.
 */
export const IMAGE_LIMITS = { maxPixels: 25_000_000, maxSide: 16_384 } as const;

/** The image formats whose header the server reads (and whose dimensions must be readable). */
export const IMAGE_TYPES = FILE_USE_LIMITS.image.types;

/** The public, unguessable address of an uploaded image (see the files module): `/files/<id>`. */
export const PUBLIC_FILE_PREFIX = '/files/';

/** Random, unguessable ids: 22 characters of base64url (128 bits). */
export const fileIdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });

export const fileUploadQuery = z.object({ use: z.enum(FILE_USES) });

/** The answer of an upload. `url` is what a form stores (an icon field, an image in an article). */
export const fileItem = z.object({
  id: z.string(),
  url: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  name: z.string(),
  use: z.enum(FILE_USES),
  /** A video's length in milliseconds (videos only). */
  duration_ms: z.number().int().optional(),
});
export type FileItem = z.infer<typeof fileItem>;

/** Whether a file name ends in one of the use's endings. */
export function hasAllowedExtension(use: FileUse, name: string): boolean {
  const lower = name.toLowerCase();
  return FILE_USE_LIMITS[use].extensions.some((ending) => lower.endsWith(ending));
}

/** Megabytes of a limit, as the messages show it. */
export const megabytes = (bytes: number): number => Math.round((bytes / MiB) * 10) / 10;

/**
 * Why an upload was refused: the server answers these (400001 or 413, `data.fields.file`) and the
 * console shows the same texts when it refuses a file before sending. `{max}` is in MB, `{types}`
 * the accepted endings.
 */
export const FILE_MESSAGES = {
  too_large: {
    zh: '文件过大，最大 {max} MB',
    en: 'The file is too large. The limit is {max} MB.',
    ja: 'ファイルが大きすぎます。上限は {max} MB です。',
    th: 'ไฟล์ใหญ่เกินไป ขนาดสูงสุดคือ {max} MB',
    vi: 'Tệp quá lớn. Giới hạn là {max} MB.',
    tl: 'Masyadong malaki ang file. Ang limitasyon ay {max} MB.',
    id: 'File terlalu besar. Batasnya {max} MB.',
    ar: 'الملف كبير جدًا. الحد الأقصى {max} ميغابايت.',
    tc: '檔案過大，最大 {max} MB',
  },
  wrong_type: {
    zh: '不支持此文件类型，请上传 {types} 文件',
    en: 'This type of file is not accepted. Upload a {types} file.',
    ja: 'この種類のファイルは使用できません。{types} ファイルをアップロードしてください。',
    th: 'ไม่รองรับไฟล์ประเภทนี้ กรุณาอัปโหลดไฟล์ {types}',
    vi: 'Không chấp nhận loại tệp này. Hãy tải lên tệp {types}.',
    tl: 'Hindi tinatanggap ang ganitong uri ng file. Mag-upload ng {types} na file.',
    id: 'Jenis file ini tidak diterima. Unggah file {types}.',
    ar: 'هذا النوع من الملفات غير مقبول. ارفع ملفًا بصيغة {types}.',
    tc: '不支援此檔案類型，請上傳 {types} 檔案',
  },
  not_image: {
    zh: '文件内容不是有效的图片（支持 PNG、JPEG、GIF、WebP）',
    en: 'The file is not a valid image (PNG, JPEG, GIF or WebP).',
    ja: 'ファイルの内容が有効な画像ではありません（PNG、JPEG、GIF、WebP に対応）。',
    th: 'ไฟล์นี้ไม่ใช่รูปภาพที่ถูกต้อง (รองรับ PNG, JPEG, GIF, WebP)',
    vi: 'Tệp không phải là hình ảnh hợp lệ (PNG, JPEG, GIF hoặc WebP).',
    tl: 'Hindi wastong larawan ang file (PNG, JPEG, GIF o WebP).',
    id: 'File bukan gambar yang valid (PNG, JPEG, GIF, atau WebP).',
    ar: 'الملف ليس صورة صالحة (PNG أو JPEG أو GIF أو WebP).',
    tc: '檔案內容不是有效的圖片（支援 PNG、JPEG、GIF、WebP）',
  },
  too_many_pixels: {
    zh: '图片尺寸过大：最多 {megapixels} 百万像素，每边不超过 {side} 像素',
    en: 'The image is too large: at most {megapixels} megapixels, {side} pixels a side.',
    ja: '画像のサイズが大きすぎます。最大 {megapixels} メガピクセル、一辺 {side} ピクセルまでです。',
    th: 'รูปภาพมีขนาดใหญ่เกินไป: ไม่เกิน {megapixels} ล้านพิกเซล และด้านละไม่เกิน {side} พิกเซล',
    vi: 'Hình ảnh quá lớn: tối đa {megapixels} megapixel, mỗi cạnh không quá {side} pixel.',
    tl: 'Masyadong malaki ang larawan: hanggang {megapixels} megapixel, {side} pixel bawat gilid.',
    id: 'Gambar terlalu besar: maksimal {megapixels} megapiksel, {side} piksel per sisi.',
    ar: 'الصورة كبيرة جدًا: بحد أقصى {megapixels} ميغابكسل و{side} بكسل لكل ضلع.',
    tc: '圖片尺寸過大：最多 {megapixels} 百萬像素，每邊不超過 {side} 像素',
  },
  not_package: {
    zh: '文件内容不是有效的安装包（APK、AAB、IPA 或 ZIP）',
    en: 'The file is not a valid package (APK, AAB, IPA or ZIP).',
    ja: 'ファイルの内容が有効なパッケージではありません（APK、AAB、IPA、ZIP）。',
    th: 'ไฟล์นี้ไม่ใช่แพ็กเกจที่ถูกต้อง (APK, AAB, IPA หรือ ZIP)',
    vi: 'Tệp không phải là gói cài đặt hợp lệ (APK, AAB, IPA hoặc ZIP).',
    tl: 'Hindi wastong package ang file (APK, AAB, IPA o ZIP).',
    id: 'File bukan paket yang valid (APK, AAB, IPA, atau ZIP).',
    ar: 'الملف ليس حزمة صالحة (APK أو AAB أو IPA أو ZIP).',
    tc: '檔案內容不是有效的安裝包（APK、AAB、IPA 或 ZIP）',
  },
  not_openid_list: {
    zh: '文件不是有效的 OpenID 列表：须为 UTF-8 文本，每行一个 OpenID（最多 {lines} 行，每行不超过 {length} 个字符）',
    en: 'The file is not a valid openid list: UTF-8 text, one openid per line (at most {lines} lines of {length} characters).',
    ja: '有効な OpenID リストではありません。UTF-8 テキストで 1 行に 1 つの OpenID（最大 {lines} 行、1 行 {length} 文字以内）にしてください。',
    th: 'ไฟล์นี้ไม่ใช่รายการ OpenID ที่ถูกต้อง: ต้องเป็นข้อความ UTF-8 บรรทัดละหนึ่ง OpenID (ไม่เกิน {lines} บรรทัด บรรทัดละไม่เกิน {length} อักขระ)',
    vi: 'Tệp không phải danh sách OpenID hợp lệ: văn bản UTF-8, mỗi dòng một OpenID (tối đa {lines} dòng, mỗi dòng {length} ký tự).',
    tl: 'Hindi wastong listahan ng openid ang file: UTF-8 na teksto, isang openid bawat linya (hanggang {lines} na linya na may {length} na karakter).',
    id: 'File bukan daftar OpenID yang valid: teks UTF-8, satu OpenID per baris (maksimal {lines} baris, {length} karakter per baris).',
    ar: 'الملف ليس قائمة OpenID صالحة: نص UTF-8، معرّف واحد في كل سطر (بحد أقصى {lines} سطر و{length} حرفًا للسطر).',
    tc: '檔案不是有效的 OpenID 清單：須為 UTF-8 文字，每行一個 OpenID（最多 {lines} 行，每行不超過 {length} 個字元）',
  },
  not_video: {
    zh: '文件内容不是有效的 MP4 视频（须含视频轨道）',
    en: 'The file is not a valid MP4 video (it needs a video track).',
    ja: 'ファイルの内容が有効な MP4 動画ではありません（映像トラックが必要です）。',
    th: 'ไฟล์นี้ไม่ใช่วิดีโอ MP4 ที่ถูกต้อง (ต้องมีแทร็กวิดีโอ)',
    vi: 'Tệp không phải video MP4 hợp lệ (cần có rãnh video).',
    tl: 'Hindi wastong MP4 na bidyo ang file (kailangan nito ng video track).',
    id: 'File bukan video MP4 yang valid (harus memiliki trek video).',
    ar: 'الملف ليس فيديو MP4 صالحًا (يلزم وجود مسار فيديو).',
    tc: '檔案內容不是有效的 MP4 影片（須含影片軌道）',
  },
  video_duration: {
    zh: '视频时长须在 {minSeconds} 秒到 {maxSeconds} 秒之间',
    en: 'The video must last between {minSeconds} and {maxSeconds} seconds.',
    ja: '動画の長さは {minSeconds} 秒から {maxSeconds} 秒の間にしてください。',
    th: 'วิดีโอต้องมีความยาวระหว่าง {minSeconds} ถึง {maxSeconds} วินาที',
    vi: 'Video phải dài từ {minSeconds} đến {maxSeconds} giây.',
    tl: 'Dapat tumagal ang bidyo nang {minSeconds} hanggang {maxSeconds} segundo.',
    id: 'Durasi video harus antara {minSeconds} dan {maxSeconds} detik.',
    ar: 'يجب أن تتراوح مدة الفيديو بين {minSeconds} و{maxSeconds} ثانية.',
    tc: '影片時長須在 {minSeconds} 秒到 {maxSeconds} 秒之間',
  },
  no_file: {
    zh: '请选择要上传的文件',
    en: 'Choose a file to upload.',
    ja: 'アップロードするファイルを選択してください。',
    th: 'กรุณาเลือกไฟล์ที่จะอัปโหลด',
    vi: 'Hãy chọn tệp để tải lên.',
    tl: 'Pumili ng file na ia-upload.',
    id: 'Pilih file yang akan diunggah.',
    ar: 'اختر ملفًا لرفعه.',
    tc: '請選擇要上傳的檔案',
  },
} satisfies Record<string, Translated>;
export type FileMessageKey = keyof typeof FILE_MESSAGES;

/** The parameters every file message may use, for one use. */
export function fileMessageParams(use: FileUse): Record<string, string | number> {
  const limits = FILE_USE_LIMITS[use];
  return {
    max: megabytes(limits.maxBytes),
    types: limits.extensions.map((ending) => ending.slice(1).toUpperCase()).join(', '),
    lines: OPENID_LIST_LIMITS.lines,
    length: OPENID_LIST_LIMITS.lineLength,
    megapixels: IMAGE_LIMITS.maxPixels / 1_000_000,
    side: IMAGE_LIMITS.maxSide,
    minSeconds: VIDEO_LIMITS.minSeconds,
    maxSeconds: VIDEO_LIMITS.maxSeconds,
  };
}

/** A file message in a language, its parameters filled in for the use. */
export function fileMessage(key: FileMessageKey, lang: Language, use: FileUse): string {
  const texts: Translated = FILE_MESSAGES[key];
  const params = fileMessageParams(use);
  return (texts[lang] || texts[FALLBACK_LANGUAGE]).replace(/\{(\w+)\}/g, (_, name: string) =>
    String(params[name] ?? ''),
  );
}
