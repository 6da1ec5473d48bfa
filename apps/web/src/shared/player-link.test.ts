import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { PlayerLink, openidColumn, playerPlaceColumns, playerProfilePath } from './player-link.tsx';

describe('player links', () => {
  it('lead to the profile page, the openid escaped', () => {
    expect(playerProfilePath('o_123')).toBe('/useraccount/userManage/userOption/o_123');
    expect(playerProfilePath('a/b c?')).toBe('/useraccount/userManage/userOption/a%2Fb%20c%3F');
  });

  it('an openid column renders each openid as a link, and sorts only when asked', () => {
    const plain = openidColumn<{ openid: string }>();
    expect(plain).toMatchObject({ title: 'openid', dataIndex: 'openid', width: 170 });
    expect(plain.sorter).toBeUndefined();
    const cell = plain.render!('o_9', { openid: 'o_9' }, 0) as ReactElement<{ openid: string }>;
    expect(cell.type).toBe(PlayerLink);
    expect(cell.props.openid).toBe('o_9');
    expect(openidColumn('ID', 180, true)).toMatchObject({
      title: 'ID',
      width: 180,
      key: 'openid',
      sorter: true,
    });
  });

  it("the nickname, channel and region columns are labelled in the caller's namespace", () => {
    const columns = playerPlaceColumns((key) => `ns:${key}`);
    expect(columns.map((c) => [c.title, 'dataIndex' in c ? c.dataIndex : undefined])).toEqual([
      ['ns:nickname', 'nickname'],
      ['ns:channel', 'channel'],
      ['ns:region', 'region'],
    ]);
  });
});
