import { useCallback } from 'react';
import { formatMoney as moneyText } from '../../../runtime/format/money';
import { targetComponent, targetSearch, type ListTarget } from '../../../runtime/dashboard/target';
import { useSession } from '../../store/session';
import { menuPathOf } from './shortcuts';

/**
 * Where a figure's list opens in this user's menu (its page or view's menu path plus the list's
 * query), or undefined when the user's menu lacks that list.
 */
export function useFigureHref(): (target: ListTarget) => string | undefined {
  const menu = useSession((s) => s.permissionList);
  return useCallback(
    (target: ListTarget) => {
      const path = menuPathOf(menu, targetComponent(target));
      return path ? `${path}${targetSearch(target)}` : undefined;
    },
    [menu],
  );
}

const WHOLE = new Intl.NumberFormat('zh-CN');

export function formatMoney(value: number): string {
  return `¥${moneyText(value)}`;
}

export function formatCount(value: number): string {
  return WHOLE.format(value);
}
