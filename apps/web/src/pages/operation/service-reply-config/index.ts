import { loadNamespace } from '@/shared/i18n.ts';
import { WechatServicePage } from './WechatServicePage.tsx';

// WeChat customer-service auto push (`wechat_push/see/service_reply`, domestic): rules by trigger
// with message sequences, and the log of what was sent and what WeChat's windows refused.
await loadNamespace('wechatService');
export default WechatServicePage;
