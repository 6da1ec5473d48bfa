import { FALLBACK_LANGUAGE, type Language, type Translated } from '@rx/contracts';

/** The bell's words about mini-game thresholds, in the nine languages. */
const ALERTING: Translated = {
  zh: '小游戏预警：{count} 天的数据触发了“{name}”（{from} 至 {to}）',
  en: 'Mini-game alert: {count} days broke “{name}” ({from} to {to})',
  ja: 'ミニゲームのアラート：{count} 日分が「{name}」に該当しました（{from}〜{to}）',
  th: 'การแจ้งเตือนมินิเกม: {count} วันเข้าเงื่อนไข “{name}” ({from} ถึง {to})',
  vi: 'Cảnh báo mini game: {count} ngày vi phạm “{name}” ({from} đến {to})',
  tl: 'Alerto ng mini-game: {count} araw ang tumama sa “{name}” ({from} hanggang {to})',
  id: 'Peringatan mini game: {count} hari memicu “{name}” ({from} s.d. {to})',
  ar: 'تنبيه لعبة مصغّرة: {count} أيام تجاوزت “{name}” (من {from} إلى {to})',
  tc: '小遊戲預警：{count} 天的資料觸發了「{name}」（{from} 至 {to}）',
};

export function alertingMessage(lang: Language, params: Record<string, string | number>): string {
  const text = ALERTING[lang] || ALERTING[FALLBACK_LANGUAGE];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
