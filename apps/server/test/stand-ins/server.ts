import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a stand-in received it. */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What a stand-in answers; `hang` holds the answer until the caller gives up (its timeout). */
export type Reply = { status: number; headers?: Record<string, string>; body?: unknown } | { hang: true };

/** A local HTTP server speaking a provider's format: its address, what it received, and a way to stop it. */
export interface StandIn {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

function send(res: ServerResponse, reply: Exclude<Reply, { hang: true }>): void {
  const text =
    reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    ...(typeof reply.body === 'string' || reply.body === undefined
      ? {}
      : { 'content-type': 'application/json' }),
    ...reply.headers,
  });
  res.end(text);
}

/**
 * Starts a stand-in on a free port of 127.0.0.1. `handle` answers each request (after it is
 * recorded in `received`); a thrown error answers 500 with its message.
 */
export async function startStandIn(handle: (request: Received) => Reply | Promise<Reply>): Promise<StandIn> {
  const received: Received[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const request: Received = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      Promise.resolve()
        .then(() => handle(request))
        .then(
          (reply) => {
            if ('hang' in reply) {
              open.add(res);
              res.on('close', () => open.delete(res));
            } else send(res, reply);
          },
          (error: unknown) => send(res, { status: 500, body: { error: String(error) } }),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
