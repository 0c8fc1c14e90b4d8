/**
 * 导出 of 表单开发: downloads the row's page document as a .json file for schemas/pages/online/ and
 * closes at once — a row view without a window, as 功能测试 is: the page language has no download
 * row action, and this is the one file a row of 表单开发 gives.
 */
import { useEffect } from 'react';
import { exportOnlineFormDocument } from '../../designer/exportDocument';
import type { RowViewProps } from '../rowViews/registry';

export function OnlineFormExport({ host, row, onClose }: RowViewProps) {
  const id = typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : '';
  const tableName = typeof row.tableName === 'string' ? row.tableName : '';
  useEffect(() => {
    if (id !== '') void exportOnlineFormDocument(host, id, tableName);
    onClose();
  }, [host, id, tableName, onClose]);
  return null;
}
