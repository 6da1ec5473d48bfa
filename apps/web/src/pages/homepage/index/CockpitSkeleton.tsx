import { useMemo } from 'react';
import { Skeleton, Typography } from 'antd';
import { announcementsResource } from '@rx/contracts/announcements';
import { codeBatchResource } from '@rx/contracts/code-batches';
import { mailsResource } from '@rx/contracts/mails';
import { findPage } from '@rx/contracts/pages';
import { PLAYERS_PAGE } from '@rx/contracts/players';
import { playerTicketsResource, productTicketsResource } from '@rx/contracts/tickets';
import { isPermitted } from '@/app/menu/build.ts';
import { useAccess } from '@/app/permission/index.ts';

/** The cockpit's parts the viewer will get: those whose page they may open (the server's rule). */
function useCockpitShape() {
  const access = useAccess();
  return useMemo(() => {
    const may = (path: string) => {
      const page = findPage(path);
      return !!page && isPermitted(page, access);
    };
    const players = may(PLAYERS_PAGE);
    const codes = may(codeBatchResource.page);
    const mails = may(mailsResource.page);
    const tickets = [productTicketsResource.page, playerTicketsResource.page].filter(may).length;
    // Each tile in the cockpit's order: whether it has a "last 30 days" line.
    const tiles = [
      ...(players ? [true, true, true, true] : []),
      ...(codes ? [true] : []),
      ...(mails ? [true] : []),
      ...Array<boolean>(tickets).fill(false),
      ...[mails, may(announcementsResource.page), codes].filter(Boolean).map(() => false),
      false,
      false,
    ];
    return { tiles, tickets: tickets > 0, charts: players };
  }, [access]);
}

/**
 * The cockpit while it loads, in the shape it will have (its tiles, the tickets' age line, the
 * charts' row), so the sections below it do not move when its figures arrive.
 */
export function CockpitSkeleton() {
  const shape = useCockpitShape();
  return (
    <div className="rx-cockpit is-loading" aria-busy="true">
      <Typography.Text type="secondary">&nbsp;</Typography.Text>
      <dl className="rx-cockpit__tiles">
        {shape.tiles.map((month, i) => (
          <div key={i} className="rx-cockpit__tile">
            <dt>&nbsp;</dt>
            <dd>
              <span className="rx-cockpit__value">&nbsp;</span>
              {month && <span className="rx-cockpit__month">&nbsp;</span>}
            </dd>
          </div>
        ))}
      </dl>
      {shape.tickets && (
        <Typography.Paragraph type="secondary" className="rx-cockpit__age">
          &nbsp;
        </Typography.Paragraph>
      )}
      {shape.charts && (
        <div className="rx-cockpit__charts">
          <Skeleton.Node active style={{ width: '100%', height: 180 }} />
        </div>
      )}
    </div>
  );
}
