/**
 * categoryTree (JeecgBoot JCategorySelect): a lazy tree of the category dictionary (sys_category)
 * below the category coded options.categoryTree.pcode; the stored value is the category id, shown
 * by its name. A condition that is not a JSON string stops the widget with the spec's message.
 */
import { Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import type { FormWidgetProps } from '../registry';
import { LazyTreeSelect } from './LazyTreeSelect';
import { TREE_TEXTS } from './texts';
import { checkCondition } from './treeModel';
import { categorySource } from './treeSources';

export default function CategoryTreeWidget({ field, value, onChange, disabled, host }: FormWidgetProps) {
  const options = field.options.categoryTree;
  const check = useMemo(() => checkCondition(options?.condition), [options?.condition]);
  const source = useMemo(
    () => (options && check.ok ? categorySource(host, options, check.condition) : undefined),
    [host, options, check],
  );
  useEffect(() => {
    if (!check.ok) host.notify.error(TREE_TEXTS.badCategoryCondition);
  }, [check, host]);
  if (!options) return <Typography.Text type="danger">{TREE_TEXTS.missingOptions('categoryTree')}</Typography.Text>;
  return (
    <LazyTreeSelect
      source={source}
      value={value}
      onChange={onChange}
      multiple={field.options.multiple === true}
      onlySelectLeaf={options.onlySelectLeaf === true}
      placeholder={field.placeholder}
      disabled={disabled || !check.ok}
      notify={host.notify}
      rootValue="0"
    />
  );
}
