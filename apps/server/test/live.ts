// The console's live WebSocket (`/api/v1/live`) as an API test drives it, through `app.injectWS`.
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LIVE_PROTOCOL, type ServerMessage } from '../src/modules/live/index.ts';

/** The part of a `ws` client used here. */
interface WsClient {
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
}

/** A console's connection: its messages in order, and how it closed. */
export class Live {
  private readonly queue: ServerMessage[] = [];
  private waiting: ((message: ServerMessage) => void) | null = null;
  readonly closed: Promise<number>;
  ws!: WsClient;

  /** Listens from the start: the server may speak before the opening handshake is seen here. */
  private listen(ws: WsClient): void {
    this.ws = ws;
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ServerMessage;
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = null;
        resolve(message);
      } else this.queue.push(message);
    });
    ws.on('close', (code) => this.onClose(code));
  }

  private onClose: (code: number) => void = () => undefined;

  private constructor() {
    this.closed = new Promise((resolve) => (this.onClose = resolve));
  }

  static async open(app: FastifyInstance, protocols = LIVE_PROTOCOL): Promise<Live> {
    const live = new Live();
    await app.injectWS(
      '/api/v1/live',
      { headers: { 'sec-websocket-protocol': protocols } },
      { onInit: (ws) => live.listen(ws as unknown as WsClient) },
    );
    return live;
  }

  /** Opens and signs in with the token; resolves once the server said `ready`. */
  static async signedIn(app: FastifyInstance, token: string): Promise<Live> {
    const live = await Live.open(app);
    live.send({ type: 'auth', token });
    expect(await live.next()).toMatchObject({ type: 'ready' });
    return live;
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  /** Says what the console shows of `topic` (null: nothing); resolves with whether the server allowed it. */
  async watch(topic: string, watch: unknown): Promise<boolean> {
    this.send({ type: 'watch', topic, watch });
    const answer = await this.next();
    expect(answer).toMatchObject({ type: 'watching', topic });
    return (answer as { allowed: boolean }).allowed;
  }

  next(): Promise<ServerMessage> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => (this.waiting = resolve));
  }
}
