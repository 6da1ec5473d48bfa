import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GAME_CS_LIVE_CLOSE,
  GAME_CS_LIVE_PER_CONVERSATION,
  gameCsMessagesQuery,
  gameCsParam,
  type CsLiveData,
  type GameCsConversation,
  type GameCsLiveMessage,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { GAME } from '../../lib/route-access.ts';
import { OPEN, type Socket } from '../../lib/socket.ts';
import { playerView, type GameCaller } from './service.ts';

interface Watcher {
  socket: Socket;
  cpId: number;
  alive: boolean;
  /** Something changed since the last read. */
  hear(data: CsLiveData): void;
}

/**
 * The player's WebSocket on their conversation (`GET /cs/conversations/:id/live` of the game API,
 * see `GameCsLiveMessage`): signed like any game request on the upgrade, then fed by the event bus
 * — the same `cs` events, over Redis from every instance, as the agents' live socket. Each event of
 * the conversation makes one read of what is new for the player (`playerView`, as a poll: no
 * notes, marks read once pushed), so nothing the socket sends is more than a poll would show.
 */
export function csPlayerLiveRoutes(
  fastify: FastifyInstance,
  db: Db,
  options: { pingMs?: number } = {},
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const watchers = new Map<number, Set<Watcher>>();

  const unsubscribe = fastify.events.subscribe((event) => {
    if (event.topic !== 'cs') return;
    const here = watchers.get(event.data.conversation_id);
    if (!here) return;
    for (const watcher of here) if (watcher.cpId === event.cpId) watcher.hear(event.data);
  });
  // Each socket answers its pings, or is ended at the next round.
  const timer = setInterval(() => {
    for (const here of watchers.values()) {
      for (const watcher of here) {
        if (!watcher.alive) {
          watcher.socket.close(GAME_CS_LIVE_CLOSE.NO_ANSWER, 'no answer');
          watcher.socket.terminate();
          continue;
        }
        watcher.alive = false;
        watcher.socket.ping();
      }
    }
  }, options.pingMs ?? 30_000);
  timer.unref();
  fastify.addHook('onClose', async () => {
    clearInterval(timer);
    unsubscribe();
    for (const here of watchers.values()) for (const watcher of here) watcher.socket.close(1001, 'closing');
  });

  app.get(
    '/cs/conversations/:id/live',
    {
      websocket: true,
      schema: {
        tags: ['game-api'],
        summary:
          "The player's conversation live (WebSocket, signed like a GET): messages after `after`, then new messages, typing, agent joined, state",
        params: gameCsParam,
        querystring: gameCsMessagesQuery,
      },
      config: GAME,
    },
    async (socket: Socket, request) => {
      const caller: GameCaller = request.gameCaller!;
      const id = request.params.id;
      const openid = request.query.openid;
      let last = request.query.after ?? 0;
      let known: GameCsConversation | null = null;
      const send = (message: GameCsLiveMessage) => {
        if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
      };
      // One read at a time; events arriving meanwhile make one more read after it.
      let reading: Promise<void> | null = null;
      let again = false;
      let joined = false;
      const read = async (): Promise<void> => {
        const assigned = joined;
        joined = false;
        const { conversation, list, markRead } = await playerView(db, caller, id, openid, last);
        if (list.length) {
          last = list.at(-1)!.id;
          send({ type: 'messages', list });
        }
        const before = known;
        known = conversation;
        if (!before) send({ type: 'ready', conversation });
        else {
          if (conversation.with_agent && (assigned || !before.with_agent)) {
            send({ type: 'agent_joined', conversation });
          }
          if (conversation.state !== before.state) {
            send({ type: conversation.state === 'resolved' ? 'resolved' : 'state', conversation });
          }
        }
        // Shown first, then marked read (as a poll would mark them).
        await markRead();
      };
      const refresh = () => {
        if (reading) {
          again = true;
          return;
        }
        reading = (async () => {
          do {
            again = false;
            try {
              await read();
            } catch (error) {
              if (error instanceof ApiError) {
                socket.close(GAME_CS_LIVE_CLOSE.NOT_FOUND, 'no such conversation');
                return;
              }
              request.log.warn({ err: error }, 'player live read failed');
            }
          } while (again && socket.readyState === OPEN);
        })().finally(() => {
          reading = null;
        });
      };
      const watcher: Watcher = {
        socket,
        cpId: caller.cpId,
        alive: true,
        hear({ what, note }) {
          if (what === 'typing') return send({ type: 'typing' });
          // A private note: nothing the player may see changed.
          if (note) return;
          if (what === 'assigned') joined = true;
          refresh();
        },
      };
      socket.on('pong', () => {
        watcher.alive = true;
      });
      socket.on('message', (data) => {
        watcher.alive = true;
        let message: { type?: unknown } | null = null;
        try {
          message = JSON.parse(data.toString('utf8')) as { type?: unknown };
        } catch {
          // Not JSON: nothing to answer.
        }
        if (message?.type === 'ping') send({ type: 'pong' });
      });
      socket.on('close', () => {
        const here = watchers.get(id);
        here?.delete(watcher);
        if (here?.size === 0) watchers.delete(id);
      });
      const here = watchers.get(id) ?? new Set<Watcher>();
      if (here.size >= GAME_CS_LIVE_PER_CONVERSATION) {
        socket.close(GAME_CS_LIVE_CLOSE.TOO_MANY, 'too many sockets');
        return;
      }
      here.add(watcher);
      watchers.set(id, here);
      // Listening before the first read: nothing written meanwhile is missed.
      refresh();
    },
  );
}
