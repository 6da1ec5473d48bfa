/** The part of a `ws` WebSocket the live connections use (the console's and the players'). */
export interface Socket {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close' | 'pong', listener: () => void): void;
}

/** `readyState` of an open socket. */
export const OPEN = 1;
