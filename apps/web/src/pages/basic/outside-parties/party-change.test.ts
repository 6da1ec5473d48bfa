import { describe, expect, it } from 'vitest';
import { changeOf } from './party-change.ts';

describe('a party form’s change', () => {
  it('sends typed credentials to replace, ticked ones to clear, and leaves the others out', () => {
    expect(
      changeOf(
        {
          mode: 'real',
          settings: { endpoint_url: ' https://game.example/console ' },
          credentials: { signing_secret: 'new-secret', other: '   ' },
          clear: { webhook_secret: true, secret_key: false },
        },
        3,
      ),
    ).toEqual({
      mode: 'real',
      settings: { endpoint_url: 'https://game.example/console' },
      credentials: { signing_secret: 'new-secret', webhook_secret: null },
      version: 3,
    });
  });

  it('sends nothing to change when no credential was touched', () => {
    expect(changeOf({ mode: 'fake', settings: {}, credentials: {}, clear: {} }, 0).credentials).toEqual({});
  });
});
