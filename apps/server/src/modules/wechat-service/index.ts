import type { Db } from '../../db/index.ts';
import type { Outside } from '../../lib/outside/index.ts';
import { defineModule } from '../../lib/server-module.ts';
import { callbackRoutes } from './callback.ts';
import { wechatRuleRoutes } from './rules.ts';

/**
 * WeChat customer-service auto push (page `/operation/service-reply-config`): rules by trigger with
 * message sequences, WeChat's signed callback (`/api/wechat/v1/:product/callback`), its windows
 * enforced and logged.
 */
export const wechatServiceModule = defineModule({
  name: 'wechat-service',
  routes: wechatRuleRoutes,
  mounts: [
    {
      prefix: '/api/wechat/v1',
      routes: async (fastify, context: { db: Db; outside: Outside }) => callbackRoutes(fastify, context),
    },
  ],
});
export { wechatServiceRules, wechatServiceLog, wechatServiceWindows } from './tables.ts';
