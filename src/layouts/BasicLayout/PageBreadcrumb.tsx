import { Breadcrumb } from 'antd';
import { Link } from 'react-router-dom';
import { HOME_PATH } from '../../config';
import type { RouteRecord } from '../../router/types';
import { breadcrumbFor } from './pageMeta';

/** 首页 › menu groups › current page (spec §2); only 首页 is a link. */
export default function PageBreadcrumb({ record }: { record: RouteRecord }) {
  const crumbs = breadcrumbFor(record, HOME_PATH);
  return (
    <Breadcrumb
      className="page-breadcrumb"
      items={crumbs.map((crumb, index) => ({
        key: `${index}:${crumb.title}`,
        title: crumb.href ? <Link to={crumb.href}>{crumb.title}</Link> : crumb.title,
      }))}
    />
  );
}
