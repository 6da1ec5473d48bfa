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
  invalid_character: {
    zh: '包含不允许的字符（如空字符或不完整的 Unicode 字符）',
    en: 'This contains a character that is not allowed (such as a null or broken Unicode character).',
    ja: '使用できない文字（ヌル文字や不完全な Unicode 文字など）が含まれています。',
    th: 'มีอักขระที่ไม่อนุญาต (เช่น อักขระว่างหรืออักขระ Unicode ที่ไม่สมบูรณ์)',
    vi: 'Có ký tự không được phép (như ký tự rỗng hoặc ký tự Unicode bị lỗi).',
    tl: 'May karakter itong hindi pinapayagan (gaya ng null o sirang Unicode na karakter).',
    id: 'Berisi karakter yang tidak diizinkan (seperti karakter null atau karakter Unicode yang rusak).',
    ar: 'يحتوي على حرف غير مسموح به (مثل الحرف الفارغ أو حرف Unicode غير مكتمل).',
    tc: '包含不允許的字元（如空字元或不完整的 Unicode 字元）',
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
  taken: {
    zh: '该值已被使用',
    en: 'This value is already in use.',
    ja: 'この値は既に使用されています。',
    th: 'ค่านี้ถูกใช้งานแล้ว',
    vi: 'Giá trị này đã được sử dụng.',
    tl: 'Ginagamit na ang value na ito.',
    id: 'Nilai ini sudah digunakan.',
    ar: 'هذه القيمة مستخدمة بالفعل.',
    tc: '該值已被使用',
  },
  unknown_ref: {
    zh: '所选记录不存在或已停用',
    en: 'The chosen record does not exist or is disabled.',
    ja: '選択したレコードが存在しないか、無効になっています。',
    th: 'ไม่พบรายการที่เลือกหรือถูกปิดใช้งานแล้ว',
    vi: 'Bản ghi đã chọn không tồn tại hoặc đã bị vô hiệu hóa.',
    tl: 'Wala o naka-disable ang napiling record.',
    id: 'Data yang dipilih tidak ada atau dinonaktifkan.',
    ar: 'السجل المحدد غير موجود أو معطّل.',
    tc: '所選記錄不存在或已停用',
  },
  frozen: {
    zh: '已被使用，不能再修改',
    en: 'It is in use and can no longer be changed.',
    ja: '使用中のため変更できません。',
    th: 'มีการใช้งานอยู่ จึงไม่สามารถเปลี่ยนแปลงได้อีก',
    vi: 'Đang được sử dụng nên không thể thay đổi nữa.',
    tl: 'Ginagamit na ito kaya hindi na mababago.',
    id: 'Sedang digunakan sehingga tidak dapat diubah lagi.',
    ar: 'قيد الاستخدام ولا يمكن تغييره بعد الآن.',
    tc: '已被使用，不能再修改',
  },
  immutable: {
    zh: '创建后不可修改',
    en: 'This cannot be changed once created.',
    ja: '作成後は変更できません。',
    th: 'ไม่สามารถเปลี่ยนแปลงได้หลังจากสร้างแล้ว',
    vi: 'Không thể thay đổi sau khi tạo.',
    tl: 'Hindi na ito mababago kapag nagawa na.',
    id: 'Tidak dapat diubah setelah dibuat.',
    ar: 'لا يمكن تغييره بعد الإنشاء.',
    tc: '建立後不可修改',
  },
  duplicate_item: {
    zh: '存在重复项',
    en: 'An entry is listed more than once.',
    ja: '重複した項目があります。',
    th: 'มีรายการซ้ำกัน',
    vi: 'Có mục bị lặp lại.',
    tl: 'May entry na nakalista nang higit sa isang beses.',
    id: 'Ada entri yang tercantum lebih dari sekali.',
    ar: 'يوجد عنصر مُدرج أكثر من مرة.',
    tc: '存在重複項',
  },
  duplicate_row: {
    zh: '在文件中重复出现',
    en: 'This appears more than once in the file.',
    ja: 'ファイル内で重複しています。',
    th: 'ค่านี้ปรากฏซ้ำในไฟล์',
    vi: 'Giá trị này xuất hiện nhiều lần trong tệp.',
    tl: 'Higit sa isang beses itong lumalabas sa file.',
    id: 'Nilai ini muncul lebih dari sekali dalam file.',
    ar: 'تظهر هذه القيمة أكثر من مرة في الملف.',
    tc: '在檔案中重複出現',
  },
  not_found_row: {
    zh: '找不到对应的记录',
    en: 'No record has this value.',
    ja: 'この値のレコードはありません。',
    th: 'ไม่พบรายการที่มีค่านี้',
    vi: 'Không có bản ghi nào có giá trị này.',
    tl: 'Walang record na may ganitong value.',
    id: 'Tidak ada data dengan nilai ini.',
    ar: 'لا يوجد سجل بهذه القيمة.',
    tc: '找不到對應的記錄',
  },
  missing_column: {
    zh: '缺少列 {name}',
    en: 'The column {name} is missing.',
    ja: '列 {name} がありません。',
    th: 'ไม่มีคอลัมน์ {name}',
    vi: 'Thiếu cột {name}.',
    tl: 'Nawawala ang column na {name}.',
    id: 'Kolom {name} tidak ada.',
    ar: 'العمود {name} مفقود.',
    tc: '缺少欄 {name}',
  },
  bad_file: {
    zh: '无法读取文件，请上传 CSV 或 XLSX 文件',
    en: 'The file could not be read. Upload a CSV or XLSX file.',
    ja: 'ファイルを読み込めません。CSV または XLSX ファイルをアップロードしてください。',
    th: 'ไม่สามารถอ่านไฟล์ได้ กรุณาอัปโหลดไฟล์ CSV หรือ XLSX',
    vi: 'Không thể đọc tệp. Hãy tải lên tệp CSV hoặc XLSX.',
    tl: 'Hindi mabasa ang file. Mag-upload ng CSV o XLSX na file.',
    id: 'File tidak dapat dibaca. Unggah file CSV atau XLSX.',
    ar: 'تعذّرت قراءة الملف. ارفع ملف CSV أو XLSX.',
    tc: '無法讀取檔案，請上傳 CSV 或 XLSX 檔案',
  },
  file_too_large: {
    zh: '文件过大：解压后超过 {max} MB',
    en: 'The file is too large: it unpacks to more than {max} MB.',
    ja: 'ファイルが大きすぎます。展開すると {max} MB を超えます。',
    th: 'ไฟล์ใหญ่เกินไป: เมื่อแตกไฟล์แล้วมีขนาดเกิน {max} MB',
    vi: 'Tệp quá lớn: khi giải nén vượt quá {max} MB.',
    tl: 'Masyadong malaki ang file: lumalampas ito sa {max} MB kapag binuksan.',
    id: 'File terlalu besar: setelah diekstrak melebihi {max} MB.',
    ar: 'الملف كبير جدًا: يتجاوز {max} ميغابايت بعد فك ضغطه.',
    tc: '檔案過大：解壓後超過 {max} MB',
  },
  too_many_rows: {
    zh: '文件超过 {max} 行数据，请拆分为多个文件后分别导入',
    en: 'The file has more than {max} data rows. Split it into several files and import them one by one.',
    ja: 'ファイルのデータ行が {max} 行を超えています。複数のファイルに分けて順にインポートしてください。',
    th: 'ไฟล์มีข้อมูลเกิน {max} แถว กรุณาแบ่งเป็นหลายไฟล์แล้วนำเข้าทีละไฟล์',
    vi: 'Tệp có hơn {max} dòng dữ liệu. Hãy chia thành nhiều tệp và nhập lần lượt.',
    tl: 'Mahigit {max} na row ng data ang file. Hatiin ito sa ilang file at i-import nang isa-isa.',
    id: 'File berisi lebih dari {max} baris data. Bagi menjadi beberapa file dan impor satu per satu.',
    ar: 'يحتوي الملف على أكثر من {max} صف بيانات. قسّمه إلى عدة ملفات واستوردها واحدًا تلو الآخر.',
    tc: '檔案超過 {max} 列資料，請拆分為多個檔案後分別匯入',
  },
  too_many_columns: {
    zh: '某行超过 {max} 列',
    en: 'A row has more than {max} columns.',
    ja: '{max} 列を超える行があります。',
    th: 'มีแถวที่มีเกิน {max} คอลัมน์',
    vi: 'Có dòng vượt quá {max} cột.',
    tl: 'May row na lumalampas sa {max} na column.',
    id: 'Ada baris yang melebihi {max} kolom.',
    ar: 'يحتوي أحد الصفوف على أكثر من {max} عمود.',
    tc: '某列超過 {max} 欄',
  },
  record_too_large: {
    zh: '第 {line} 行超过 {max} KB',
    en: 'Line {line} is longer than {max} KB.',
    ja: '{line} 行目が {max} KB を超えています。',
    th: 'บรรทัดที่ {line} ยาวเกิน {max} KB',
    vi: 'Dòng {line} dài hơn {max} KB.',
    tl: 'Lumalampas sa {max} KB ang linya {line}.',
    id: 'Baris {line} lebih dari {max} KB.',
    ar: 'السطر {line} أطول من {max} كيلوبايت.',
    tc: '第 {line} 行超過 {max} KB',
  },
  csv_bad_quote: {
    zh: '第 {line} 行的引号位置不正确：含引号的单元格必须整体用引号括起，内部引号需写成两个',
    en: 'A quotation mark is misplaced on line {line}: a cell containing quotes must be enclosed in quotes, with each inner quote doubled.',
    ja: '{line} 行目の引用符の位置が正しくありません。引用符を含むセルは全体を引用符で囲み、中の引用符は二重にしてください。',
    th: 'เครื่องหมายอัญประกาศในบรรทัดที่ {line} อยู่ผิดตำแหน่ง: เซลล์ที่มีอัญประกาศต้องครอบด้วยอัญประกาศทั้งเซลล์ และอัญประกาศภายในต้องเขียนซ้ำสองครั้ง',
    vi: 'Dấu ngoặc kép ở dòng {line} đặt sai vị trí: ô chứa dấu ngoặc kép phải được bao trong dấu ngoặc kép, và mỗi dấu ngoặc kép bên trong phải viết đôi.',
    tl: 'Mali ang puwesto ng panipi sa linya {line}: dapat nakapaloob sa panipi ang cell na may panipi, at dapat doble ang bawat panipi sa loob.',
    id: 'Tanda kutip di baris {line} salah tempat: sel yang berisi tanda kutip harus diapit tanda kutip, dan setiap tanda kutip di dalamnya ditulis dua kali.',
    ar: 'علامة اقتباس في غير موضعها في السطر {line}: يجب إحاطة الخلية التي تحتوي على علامات اقتباس بعلامتي اقتباس، مع تكرار كل علامة اقتباس داخلية.',
    tc: '第 {line} 行的引號位置不正確：含引號的儲存格必須整體以引號括起，內部引號需寫成兩個',
  },
  end_before_start: {
    zh: '结束时间必须晚于开始时间',
    en: 'The end must be after the start.',
    ja: '終了は開始より後にしてください。',
    th: 'เวลาสิ้นสุดต้องอยู่หลังเวลาเริ่มต้น',
    vi: 'Thời điểm kết thúc phải sau thời điểm bắt đầu.',
    tl: 'Dapat mas huli ang katapusan kaysa sa simula.',
    id: 'Waktu berakhir harus setelah waktu mulai.',
    ar: 'يجب أن تكون النهاية بعد البداية.',
    tc: '結束時間必須晚於開始時間',
  },
  image_ratio: {
    zh: '图片比例不符合该平台要求（宽:高 {ratio}）',
    en: "The image's ratio does not fit this platform (width:height {ratio}).",
    ja: '画像の縦横比がこのプラットフォームの要件に合いません（幅:高さ {ratio}）。',
    th: 'สัดส่วนของรูปภาพไม่ตรงตามข้อกำหนดของแพลตฟอร์มนี้ (กว้าง:สูง {ratio})',
    vi: 'Tỷ lệ ảnh không phù hợp với nền tảng này (rộng:cao {ratio}).',
    tl: 'Hindi akma sa platapormang ito ang ratio ng larawan (lapad:taas {ratio}).',
    id: 'Rasio gambar tidak sesuai dengan platform ini (lebar:tinggi {ratio}).',
    ar: 'نسبة أبعاد الصورة لا تناسب هذه المنصة (العرض:الارتفاع {ratio}).',
    tc: '圖片比例不符合該平台要求（寬:高 {ratio}）',
  },
  image_too_small: {
    zh: '图片太小：该平台要求至少 {width}×{height} 像素',
    en: 'The image is too small: this platform needs at least {width}×{height} pixels.',
    ja: '画像が小さすぎます。このプラットフォームでは {width}×{height} ピクセル以上が必要です。',
    th: 'รูปภาพเล็กเกินไป: แพลตฟอร์มนี้ต้องการอย่างน้อย {width}×{height} พิกเซล',
    vi: 'Ảnh quá nhỏ: nền tảng này cần tối thiểu {width}×{height} điểm ảnh.',
    tl: 'Masyadong maliit ang larawan: kailangan ng platapormang ito ng hindi bababa sa {width}×{height} pixel.',
    id: 'Gambar terlalu kecil: platform ini memerlukan minimal {width}×{height} piksel.',
    ar: 'الصورة صغيرة جدًا: تتطلب هذه المنصة {width}×{height} بكسل على الأقل.',
    tc: '圖片太小：該平台要求至少 {width}×{height} 像素',
  },
  not_uploaded: {
    zh: '请上传图片（必须是在此处上传的图片）',
    en: 'Upload the image here (an address from elsewhere cannot be checked).',
    ja: 'ここで画像をアップロードしてください（他の場所のアドレスは確認できません）。',
    th: 'กรุณาอัปโหลดรูปภาพที่นี่ (ไม่สามารถตรวจสอบที่อยู่จากที่อื่นได้)',
    vi: 'Hãy tải ảnh lên tại đây (không thể kiểm tra địa chỉ từ nơi khác).',
    tl: 'I-upload dito ang larawan (hindi masusuri ang address mula sa ibang lugar).',
    id: 'Unggah gambar di sini (alamat dari tempat lain tidak dapat diperiksa).',
    ar: 'ارفع الصورة هنا (لا يمكن التحقق من عنوان من مكان آخر).',
    tc: '請上傳圖片（必須是在此處上傳的圖片）',
  },
  text_too_long_for_platform: {
    zh: '超过该平台的长度上限 {max} 个字符',
    en: 'Longer than this platform shows: at most {max} characters.',
    ja: 'このプラットフォームの上限 {max} 文字を超えています。',
    th: 'ยาวเกินกว่าที่แพลตฟอร์มนี้แสดงได้: สูงสุด {max} ตัวอักษร',
    vi: 'Dài hơn mức nền tảng này hiển thị: tối đa {max} ký tự.',
    tl: 'Mas mahaba kaysa sa ipinapakita ng platapormang ito: hanggang {max} character lamang.',
    id: 'Lebih panjang dari yang ditampilkan platform ini: maksimal {max} karakter.',
    ar: 'أطول مما تعرضه هذه المنصة: {max} حرفًا على الأكثر.',
    tc: '超過該平台的長度上限 {max} 個字元',
  },
  version_order: {
    zh: '最高版本不能低于最低版本',
    en: 'The highest version cannot be below the lowest.',
    ja: '最高バージョンは最低バージョン以上にしてください。',
    th: 'เวอร์ชันสูงสุดต้องไม่ต่ำกว่าเวอร์ชันต่ำสุด',
    vi: 'Phiên bản cao nhất không được thấp hơn phiên bản thấp nhất.',
    tl: 'Hindi maaaring mas mababa ang pinakamataas na bersyon kaysa sa pinakamababa.',
    id: 'Versi tertinggi tidak boleh di bawah versi terendah.',
    ar: 'لا يمكن أن يكون الإصدار الأعلى أقل من الإصدار الأدنى.',
    tc: '最高版本不能低於最低版本',
  },
  placeholders_mismatch: {
    zh: '花括号占位符必须与默认文本一致',
    en: 'The placeholders in braces must match those of the default text.',
    ja: '波括弧のプレースホルダーはデフォルトテキストと一致させてください。',
    th: 'ตัวยึดตำแหน่งในวงเล็บปีกกาต้องตรงกับข้อความเริ่มต้น',
    vi: 'Các placeholder trong dấu ngoặc nhọn phải khớp với văn bản mặc định.',
    tl: 'Dapat tumugma ang mga placeholder sa loob ng braces sa mga nasa default na teksto.',
    id: 'Placeholder dalam kurung kurawal harus sama dengan yang ada di teks default.',
    ar: 'يجب أن تطابق العناصر النائبة بين الأقواس المعقوفة تلك الموجودة في النص الافتراضي.',
    tc: '大括號佔位符必須與預設文字一致',
  },
  bad_regex: {
    zh: '不是有效或安全的正则表达式',
    en: 'This is not a valid or safe regular expression.',
    ja: '有効または安全な正規表現ではありません。',
    th: 'นิพจน์ทั่วไปนี้ไม่ถูกต้องหรือไม่ปลอดภัย',
    vi: 'Đây không phải là biểu thức chính quy hợp lệ hoặc an toàn.',
    tl: 'Hindi ito wasto o ligtas na regular expression.',
    id: 'Ini bukan ekspresi reguler yang valid atau aman.',
    ar: 'هذا ليس تعبيرًا نمطيًا صالحًا أو آمنًا.',
    tc: '不是有效或安全的正規表示式',
  },
  regex_unsupported: {
    zh: '正则表达式不支持前后查找断言（如 (?=、(?!、(?<=）和反向引用（如 \\1）',
    en: 'Regular expressions cannot use lookarounds such as (?=, (?! or (?<=, or backreferences such as \\1.',
    ja: '正規表現では先読み・後読み（(?=、(?!、(?<= など）や後方参照（\\1 など）は使えません。',
    th: 'นิพจน์ทั่วไปใช้การมองไปข้างหน้าหรือข้างหลัง เช่น (?=, (?!, (?<= หรือการอ้างอิงย้อนกลับ เช่น \\1 ไม่ได้',
    vi: 'Biểu thức chính quy không hỗ trợ phép nhìn trước/nhìn sau như (?=, (?!, (?<= hoặc tham chiếu ngược như \\1.',
    tl: 'Hindi puwedeng gumamit ang regular expression ng lookaround gaya ng (?=, (?!, (?<= o ng backreference gaya ng \\1.',
    id: 'Ekspresi reguler tidak mendukung lookaround seperti (?=, (?!, (?<= atau referensi balik seperti \\1.',
    ar: 'لا يدعم التعبير النمطي التحقق الأمامي أو الخلفي مثل (?= و(?! و(?<= ولا المراجع الخلفية مثل \\1.',
    tc: '正規表示式不支援前後查找斷言（如 (?=、(?!、(?<=）和反向引用（如 \\1）',
  },
  wrong_kind: {
    zh: '与该策略的类型不符',
    en: "This does not belong to the policy's kind.",
    ja: 'このポリシーの種類には属しません。',
    th: 'ไม่ตรงกับประเภทของนโยบายนี้',
    vi: 'Không thuộc loại của chính sách này.',
    tl: 'Hindi ito kabilang sa uri ng patakarang ito.',
    id: 'Ini tidak sesuai dengan jenis kebijakan ini.',
    ar: 'لا ينتمي هذا إلى نوع هذه السياسة.',
    tc: '與該策略的類型不符',
  },
  // Version release tools (releases.ts).
  not_above_version: {
    zh: '不能高于本版本的版本号',
    en: "Cannot be above this version's build number.",
    ja: 'このバージョンのビルド番号を超えることはできません。',
    th: 'ต้องไม่สูงกว่าหมายเลขบิลด์ของเวอร์ชันนี้',
    vi: 'Không được lớn hơn số bản dựng của phiên bản này.',
    tl: 'Hindi maaaring mas mataas sa build number ng bersyong ito.',
    id: 'Tidak boleh melebihi nomor build versi ini.',
    ar: 'لا يجوز أن يتجاوز رقم إصدار هذه النسخة.',
    tc: '不能高於本版本的版本號',
  },
  below_version: {
    zh: '被封禁的版本号必须低于本版本的版本号',
    en: "Blocked builds must be below this version's build number.",
    ja: 'ブロックするビルドはこのバージョンのビルド番号より小さくしてください。',
    th: 'บิลด์ที่ถูกบล็อกต้องต่ำกว่าหมายเลขบิลด์ของเวอร์ชันนี้',
    vi: 'Các bản dựng bị chặn phải nhỏ hơn số bản dựng của phiên bản này.',
    tl: 'Dapat mas mababa sa build number ng bersyong ito ang mga naka-block na build.',
    id: 'Build yang diblokir harus di bawah nomor build versi ini.',
    ar: 'يجب أن تكون الإصدارات المحظورة أقل من رقم إصدار هذه النسخة.',
    tc: '被封禁的版本號必須低於本版本的版本號',
  },
  version_code_not_higher: {
    zh: '版本号只能升高：该平台和渠道已有版本号 {code}',
    en: 'Build numbers only rise: this platform and channel already has build {code}.',
    ja: 'ビルド番号は上げることしかできません。このプラットフォームとチャネルには既にビルド {code} があります。',
    th: 'หมายเลขบิลด์เพิ่มขึ้นได้เท่านั้น: แพลตฟอร์มและช่องทางนี้มีบิลด์ {code} อยู่แล้ว',
    vi: 'Số bản dựng chỉ được tăng: nền tảng và kênh này đã có bản dựng {code}.',
    tl: 'Tumataas lamang ang build number: may build {code} na ang platform at channel na ito.',
    id: 'Nomor build hanya boleh naik: platform dan kanal ini sudah memiliki build {code}.',
    ar: 'أرقام الإصدارات تزداد فقط: لدى هذه المنصة والقناة الإصدار {code} بالفعل.',
    tc: '版本號只能升高：該平台和渠道已有版本號 {code}',
  },
  percent_cannot_fall: {
    zh: '灰度比例只能升高：当前为 {percent}%',
    en: 'The rollout percentage only rises: it is {percent}% now.',
    ja: '段階配信の割合は上げることしかできません。現在は {percent}% です。',
    th: 'เปอร์เซ็นต์การทยอยปล่อยเพิ่มขึ้นได้เท่านั้น: ขณะนี้คือ {percent}%',
    vi: 'Tỷ lệ phát hành dần chỉ được tăng: hiện là {percent}%.',
    tl: 'Tumataas lamang ang porsiyento ng rollout: {percent}% ito ngayon.',
    id: 'Persentase rilis bertahap hanya boleh naik: saat ini {percent}%.',
    ar: 'نسبة الطرح التدريجي تزداد فقط: هي الآن {percent}%.',
    tc: '灰度比例只能升高：目前為 {percent}%',
  },
  cp_language_required: {
    zh: '此项为必填项（本 CP 的默认语言）',
    en: "This field is required (your CP's default language).",
    ja: 'この項目は必須です（この CP の既定の言語）。',
    th: 'จำเป็นต้องกรอกช่องนี้ (ภาษาเริ่มต้นของ CP)',
    vi: 'Trường này là bắt buộc (ngôn ngữ mặc định của CP).',
    tl: 'Kailangan ang field na ito (ang default na wika ng inyong CP).',
    id: 'Kolom ini wajib diisi (bahasa default CP Anda).',
    ar: 'هذا الحقل مطلوب (اللغة الافتراضية لـ CP الخاص بك).',
    tc: '此項為必填項（本 CP 的預設語言）',
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
  /** A refinement names its message with `params: { key }` (a key of VALIDATION_MESSAGES). */
  params?: { key?: string };
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

export function isValidationKey(key: unknown): key is ValidationKey {
  return typeof key === 'string' && Object.hasOwn(VALIDATION_MESSAGES, key);
}

function issueMessage(issue: IssueLike, lang: Language): string {
  if (isValidationKey(issue.params?.key)) return validationMessage(issue.params.key, lang);
  const isText = issue.origin === 'string';
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) {
    return validationMessage('required', lang);
  }
  if (issue.code === 'too_small') {
    // An empty text or list where one entry is needed reads "required".
    if ((isText || issue.origin === 'array') && Number(issue.minimum) === 1) {
      return validationMessage('required', lang);
    }
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
