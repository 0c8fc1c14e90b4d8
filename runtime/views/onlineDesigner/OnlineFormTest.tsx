/**
 * 功能测试 of 表单开发: opens the form's own page (/online/cgformList/<id>) in a tab of its own, as
 * JeecgBoot's link does. A row view that navigates and closes at once: the page language has no URL
 * row action, and this is the one address a row of 表单开发 opens.
 */
import { useEffect } from 'react';
import { onlineFormPagePath } from '../../designer/onlineFormService';
import type { RowViewProps } from '../rowViews/registry';

export function OnlineFormTest({ host, row, onClose }: RowViewProps) {
  const id = typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : '';
  useEffect(() => {
    if (id !== '') host.navigate(onlineFormPagePath(id));
    onClose();
  }, [host, id, onClose]);
  return null;
}
