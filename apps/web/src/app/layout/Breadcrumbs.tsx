import { useMemo } from 'react';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentPage } from '../routes/handle.ts';
import { breadcrumbTrail } from './breadcrumb.ts';

/** Where the current page sits in the menu: its groups › (its list) › the page, translated. */
export function Breadcrumbs() {
  const { t } = useTranslation(['layout', 'menu']);
  const page = useCurrentPage();
  const trail = useMemo(() => (page ? breadcrumbTrail(page) : []), [page]);
  if (trail.length === 0) return null;
  const items = trail.map((crumb) => {
    const title = t(`menu:${crumb.title}`);
    return { key: crumb.path, title: crumb.link ? <Link to={crumb.path}>{title}</Link> : title };
  });
  return <Breadcrumb className="rx-breadcrumb" aria-label={t('layout:breadcrumb')} items={items} />;
}
