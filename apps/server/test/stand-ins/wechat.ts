import { randomBytes } from 'node:crypto';
import { startStandIn, type Received, type Reply, type StandIn } from './server.ts';

/**
 * WeChat's server API for mini-programs and mini-games, from its documentation:
 * `POST /cgi-bin/stable_token` `{ grant_type: "client_credential", appid, secret, force_refresh }`
 * answers `{ access_token, expires_in }` (a wrong AppSecret `{ errcode: 40125 }`);
 * `POST /cgi-bin/message/subscribe/send?access_token=` `{ touser, template_id, page, data:
 * { thing1: { value } }, miniprogram_state, lang }` answers HTTP 200 `{ errcode: 0, errmsg: "ok",
 * msgid }`, or `40001` (invalid access token), `40003` (invalid openid), `40037` (invalid
 * template id), `43101` (the user has no subscription), `47003` (a field the template lacks),
 * `45009` (reach max api daily quota limit), `-1` (system busy);
 * `GET /wxaapi/newtmpl/gettemplate?access_token=` answers `{ errcode: 0, data: [{ priTmplId, title,
 * content, example, type }] }`.
 */
export interface WechatStandIn extends StandIn {
  appId: string;
  appSecret: string;
  /** Messages accepted (the request bodies, in order). */
  messages: Record<string, unknown>[];
  tokens: string[];
  templates: { priTmplId: string; title: string; content: string; example: string; type: number }[];
  /** Openids not of this app (40003). */
  unknown: Set<string>;
  /** Openids without a subscription (43101). */
  unsubscribed: Set<string>;
  /** Customer-service messages accepted (`message/custom/send` bodies). */
  customer: Record<string, unknown>[];
  /** Openids whose service window WeChat counts closed (45015). */
  outOfWindow: Set<string>;
  revoke(token: string): void;
  plan(...outcomes: ('limit' | 'busy')[]): void;
}

export async function startWechat(): Promise<WechatStandIn> {
  const appId = `wx${randomBytes(8).toString('hex')}`;
  const appSecret = randomBytes(16).toString('hex');
  const valid = new Set<string>();
  let queued: ('limit' | 'busy')[] = [];
  const err = (errcode: number, errmsg: string): Reply => ({ status: 200, body: { errcode, errmsg } });

  function handle(request: Received): Reply {
    if (request.method === 'POST' && request.path === '/cgi-bin/stable_token') {
      const form = JSON.parse(request.body || '{}') as Record<string, unknown>;
      if (form.grant_type !== 'client_credential') return err(40002, 'invalid grant_type');
      if (form.appid !== appId) return err(40013, 'invalid appid');
      if (form.secret !== appSecret) return err(40125, 'invalid appsecret');
      const token = `80_${randomBytes(24).toString('base64url')}`;
      valid.add(token);
      wx.tokens.push(token);
      return { status: 200, body: { access_token: token, expires_in: 7200 } };
    }
    const token = request.query.get('access_token') ?? '';
    if (request.method === 'GET' && request.path === '/wxaapi/newtmpl/gettemplate') {
      if (!valid.has(token)) return err(40001, 'invalid credential, access_token is invalid or not latest');
      return { status: 200, body: { errcode: 0, errmsg: 'ok', data: wx.templates } };
    }
    if (request.method === 'POST' && request.path === '/cgi-bin/message/subscribe/send') {
      if (!valid.has(token)) return err(40001, 'invalid credential, access_token is invalid or not latest');
      const outcome = queued.shift();
      if (outcome === 'limit') return err(45009, 'reach max api daily quota limit');
      if (outcome === 'busy') return err(-1, 'system error');
      const message = JSON.parse(request.body || '{}') as {
        touser?: string;
        template_id?: string;
        data?: Record<string, { value?: unknown }>;
        miniprogram_state?: string;
      };
      if (!message.touser) return err(40003, 'invalid openid');
      const template = wx.templates.find((t) => t.priTmplId === message.template_id);
      if (!template) return err(40037, 'invalid template_id');
      const fields = [...template.content.matchAll(/\{\{([A-Za-z0-9_]+)\.DATA\}\}/g)].map((m) => m[1]);
      for (const [key, field] of Object.entries(message.data ?? {}))
        if (!fields.includes(key) || typeof field?.value !== 'string')
          return err(47003, 'argument invalid! data.' + key);
      if (
        message.miniprogram_state !== undefined &&
        !['developer', 'trial', 'formal'].includes(message.miniprogram_state)
      )
        return err(47003, 'argument invalid! miniprogram_state');
      if (wx.unknown.has(message.touser)) return err(40003, 'invalid openid');
      if (wx.unsubscribed.has(message.touser)) return err(43101, 'user refuse to accept the msg');
      wx.messages.push(message);
      return {
        status: 200,
        body: { errcode: 0, errmsg: 'ok', msgid: Date.now() * 1000 + wx.messages.length },
      };
    }
    if (request.method === 'POST' && request.path === '/cgi-bin/message/custom/send') {
      if (!valid.has(token)) return err(40001, 'invalid credential, access_token is invalid or not latest');
      const message = JSON.parse(request.body || '{}') as { touser?: string; msgtype?: string };
      if (!message.touser) return err(40003, 'invalid openid');
      if (!['text', 'image', 'link', 'miniprogrampage'].includes(String(message.msgtype)))
        return err(40008, 'invalid message type');
      // The player's window as WeChat counts it.
      if (wx.outOfWindow.has(message.touser))
        return err(45015, 'response out of time limit or subscription is canceled');
      wx.customer.push(message);
      return { status: 200, body: { errcode: 0, errmsg: 'ok' } };
    }
    return { status: 404, body: { errcode: 404, errmsg: 'not found' } };
  }

  const standIn = await startStandIn(handle);
  const wx: WechatStandIn = {
    ...standIn,
    appId,
    appSecret,
    messages: [],
    tokens: [],
    templates: [
      {
        priTmplId: 'bDmywsp2oEHjwAadTGKkUHpzhqZ9-j-ZpYx5tlV6Oco',
        title: '活动开始提醒',
        content: '活动名称:{{thing1.DATA}}\n开始时间:{{time2.DATA}}\n',
        example: '活动名称:双倍经验\n开始时间:2026-12-01 20:00\n',
        type: 2,
      },
    ],
    unknown: new Set(),
    unsubscribed: new Set(),
    customer: [],
    outOfWindow: new Set(),
    revoke: (t) => valid.delete(t),
    plan: (...outcomes) => {
      queued = outcomes;
    },
  };
  return wx;
}
