import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { bearerToken } from '../../lib/request.ts';
import type { LiveTopic } from '../../lib/events.ts';
import {
  LIVE_PROTOCOL,
  liveRoutes,
  type LiveAudience,
  type LiveAudiences,
  type LiveOptions,
} from './routes.ts';

/** Live updates to the console: a WebSocket at /api/v1/live fed by the event bus (lib/events.ts). */
export {
  liveRoutes,
  LIVE_CLOSE,
  LIVE_PROTOCOL,
  type LiveAudience,
  type LiveOptions,
  type ServerMessage,
} from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live WebSocket's registry (setUpLive). */
    live: {
      /** Addresses `topic`'s events by what each console watches (`LiveAudience`); a module calls it at start. */
      audience<W>(topic: LiveTopic, audience: LiveAudience<W>): void;
    };
  }
}

/**
 * WebSockets for the whole app (`app.injectWS` in tests), the live route under `/api/v1`, its
 * closing on sign-out, and `app.live` for the modules' audiences. Register at the root.
 */
export async function setUpLive(app: FastifyInstance, options: LiveOptions): Promise<void> {
  const audiences: LiveAudiences = new Map();
  app.decorate('live', {
    audience<W>(topic: LiveTopic, audience: LiveAudience<W>) {
      audiences.set(topic, audience as LiveAudience<unknown>);
    },
  });
  await app.register(websocket, {
    options: {
      maxPayload: 16 * 1024,
      // Answer with our protocol, never echo an offered token.
      handleProtocols: (protocols: Set<string>) => (protocols.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false),
    },
  });
  await app.register(liveRoutes, { prefix: '/api/v1', ...options, audiences });
  closeLiveOnSignOut(app);
}

/** The user a token names, read without checking it: only used to say whose connections to re-check. */
function subjectOf(token: string | undefined): number {
  try {
    const claims = JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
    };
    const id = Number(claims.sub);
    return Number.isSafeInteger(id) && id > 0 ? id : 0;
  } catch {
    return 0;
  }
}

/**
 * After each sign-out, every instance re-checks that user's live connections at once (all of them
 * when the sign-out named nobody by token): the one of the ended sign-in closes. Register at the root.
 */
export function closeLiveOnSignOut(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url !== '/api/v1/acs/user/logout' || reply.statusCode >= 400) return;
    const userId = subjectOf(bearerToken(request));
    app.events.publish({ topic: 'session', cpId: 0, userId, data: {} });
  });
}
