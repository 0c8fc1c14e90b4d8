/**
 * treeSelect (JeecgBoot JTreeSelect): a lazy tree of a table the page declares in
 * options.treeSelect (dictTable, pidField, pidValue, hasChildField, condition, onlySelectLeaf),
 * one value or several with options.multiple. A condition that is not a JSON object stops the
 * widget with 'condition传值有误，需要一个json字符串!'.
 */
import { Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import type { FormWidgetProps } from '../registry';
import { LazyTreeSelect } from './LazyTreeSelect';
import { TREE_TEXTS } from './texts';
import { checkCondition } from './treeModel';
import { treeSelectSource } from './treeSources';

export default function TreeSelectWidget({ field, value, onChange, disabled, host }: FormWidgetProps) {
  const options = field.options.treeSelect;
  const check = useMemo(() => checkCondition(options?.condition), [options?.condition]);
  const source = useMemo(
    () => (options && check.ok ? treeSelectSource(host, { ...options, condition: check.condition }) : undefined),
    [host, options, check],
  );
  useEffect(() => {
    if (!check.ok) host.notify.error(TREE_TEXTS.badCondition);
  }, [check, host]);
  if (!options) return <Typography.Text type="danger">{TREE_TEXTS.missingOptions('treeSelect')}</Typography.Text>;
  const rootValue = options.pidValue ?? '0';
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
      rootValue={rootValue}
      emptyValue={field.default === rootValue ? rootValue : ''}
    />
  );
}
