/**
 * linkDown (JeecgBoot link_down): one select per level of a self-referencing table — this field is
 * the first level, options.linkDown.linkFields the next ones (set on the form). Each level offers
 * the children of the value above; changing a level clears the levels below.
 */
import type { Form } from '@formily/core';
import { useForm } from '@formily/react';
import { Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { FormWidgetProps } from '../registry';
import { changeLevel, LINK_DOWN_ROOT, parentOfLevel } from './linkDownModel';
import { TREE_TEXTS } from './texts';
import type { TreeOption } from './treeModel';
import { linkDownSource } from './treeSources';

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

export default function LinkDownWidget({ field, value, onChange, disabled, host }: FormWidgetProps) {
  // Outside a Formily form (a test, a grid cell) only the own level is kept.
  const form = useForm() as Form | undefined;
  const options = field.options.linkDown;
  const source = useMemo(() => (options ? linkDownSource(host, options) : undefined), [host, options]);
  const fields = useMemo(() => [field.name, ...(options?.linkFields ?? [])], [field.name, options]);
  const own = text(value);
  const readLevels = () => fields.map((name, i) => (i === 0 ? own : text(form?.getValuesIn(name))));
  const [values, setValues] = useState<string[]>(readLevels);
  const [choices, setChoices] = useState<Record<string, TreeOption[]>>({});
  // The own value may change from outside (the edit form loads its record): read the levels again.
  const [seen, setSeen] = useState(own);
  if (seen !== own) {
    setSeen(own);
    setValues(readLevels());
  }

  const levels = { fields, values };
  const parents = fields.map((_, i) => parentOfLevel(levels, i, options?.pidValue ?? LINK_DOWN_ROOT));
  const parentKey = parents.join('|');
  useEffect(() => {
    if (!source) return;
    let live = true;
    for (const pid of parentKey.split('|')) {
      if (pid === '' || pid === 'undefined' || choices[pid]) continue;
      void source.children(pid).then((children) => {
        if (live) setChoices((current) => ({ ...current, [pid]: children }));
      });
    }
    return () => {
      live = false;
    };
    // choices is read, not watched: a loaded level must not load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, parentKey]);

  if (!options) return <Typography.Text type="danger">{TREE_TEXTS.missingOptions('linkDown')}</Typography.Text>;

  const change = (index: number, next: string) => {
    const updated = changeLevel(levels, index, next);
    setValues(updated);
    setSeen(updated[0]);
    updated.forEach((v, i) => {
      if (i > 0) form?.setValuesIn(fields[i], v);
    });
    onChange(updated[0]);
  };

  return (
    <Space wrap>
      {fields.map((name, i) => {
        const pid = parents[i];
        const list = pid === undefined ? [] : (choices[pid] ?? []);
        return (
          <Select
            key={name}
            style={{ minWidth: 140 }}
            allowClear
            disabled={disabled || pid === undefined}
            placeholder={i === 0 ? field.placeholder : '请选择'}
            notFoundContent={TREE_TEXTS.noData}
            value={values[i] === '' ? undefined : values[i]}
            options={list.map((o) => ({ value: o.value, label: o.title }))}
            onChange={(v: string | undefined) => change(i, v ?? '')}
          />
        );
      })}
    </Space>
  );
}
