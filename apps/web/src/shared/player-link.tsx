import type { ComponentProps, ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';
import { Link } from 'react-router';

type Translate = (key: string) => string;

/** The address of a player's profile page. */
export function playerProfilePath(openid: string): string {
  return `/useraccount/userManage/userOption/${encodeURIComponent(openid)}`;
}

/** A link to a player's profile, reading the openid unless told otherwise. */
export function PlayerLink({
  openid,
  children,
  ...rest
}: { openid: string; children?: ReactNode } & Omit<ComponentProps<typeof Link>, 'to'>) {
  return (
    <Link to={playerProfilePath(openid)} {...rest}>
      {children ?? openid}
    </Link>
  );
}

/**
 * A list of players' openid column, each a link to the player's profile (a link also lets a
 * keyboard reach and scroll a wide table); `sortable` sorts the list by it.
 */
export function openidColumn<T>(title: ReactNode = 'openid', width = 170, sortable = false): ColumnType<T> {
  return {
    title,
    dataIndex: 'openid',
    ...(sortable ? { key: 'openid', sorter: true } : {}),
    width,
    render: (openid: string) => <PlayerLink openid={openid} />,
  };
}

/** Who and where a listed player is: nickname, channel and region, labelled in the page's namespace. */
export function playerPlaceColumns<T>(t: Translate): ColumnType<T>[] {
  return [
    { title: t('nickname'), dataIndex: 'nickname', width: 140 },
    { title: t('channel'), dataIndex: 'channel', width: 110 },
    { title: t('region'), dataIndex: 'region', width: 80 },
  ];
}
