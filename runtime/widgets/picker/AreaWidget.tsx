/**
 * The `area` widget: a province / city / district cascader over the area store of the field's area
 * page (options.area.page, default maintenance/area, whose tree declares the cascade). Stores the id
 * (GB/T 2260 code) of the deepest level chosen, as the seed data does; shows the full path
 * '浙江省/杭州市/西湖区'. options.area.level (1–3) limits the depth; anything else is refused with
 * '类型值错误' (spec 'Bad type value'). A load failure shows the server's message as a warning; an area
 * page that cannot be used is named in place of the cascader.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { Cascader, Typography } from 'antd';
import type { FieldOptions } from '../../generated/page';
import type { FormWidgetProps } from '../registry';
import { areaPageOf } from '../../schema/fieldSemantics';
import { AREA_SEPARATOR, areaStoreFor, type AreaNode, type AreaStore } from './areaStore';
import { PICKER_TEXTS } from './texts';

export interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}

/** The deepest level offered, or undefined for an unsupported setting. */
export function areaDepth(options: FieldOptions | Readonly<Record<string, unknown>>): 1 | 2 | 3 | undefined {
  const level = (options as { area?: { level?: unknown } }).area?.level;
  if (level === undefined) return 3;
  return level === 1 || level === 2 || level === 3 ? level : undefined;
}

/** The cascader's options from what the store has loaded (from the root by default); deeper levels load on expand. */
export function areaOptions(store: AreaStore, depth: number, pid = store.root, level = 1): AreaOption[] {
  if (pid === undefined) return [];
  return (store.knownChildren(pid) ?? []).map((node: AreaNode) => {
    const isLeaf = node.leaf || level >= depth;
    const children = isLeaf ? undefined : store.knownChildren(node.id);
    return {
      value: node.id,
      label: node.name,
      isLeaf,
      ...(children && children.length > 0 ? { children: areaOptions(store, depth, node.id, level + 1) } : {}),
    };
  });
}

export default function AreaWidget({ field, value, onChange, disabled, host }: FormWidgetProps) {
  const store = areaStoreFor(host, areaPageOf(field.options));
  useSyncExternalStore(store.subscribe, store.getVersion, store.getVersion);
  const asked = areaDepth(field.options);
  // A page of fewer levels than asked for offers what it has.
  const depth = asked === undefined ? undefined : Math.min(asked, store.levels ?? asked);
  const code = value === null || value === undefined ? '' : String(value);

  useEffect(() => {
    if (depth === undefined) return;
    let live = true;
    void (async () => {
      await store.roots();
      if (code === '') return;
      await store.resolve([code]);
      // The cascader shows a value through its options: load each level of the value's path.
      for (const node of store.path(code) ?? []) {
        if (!live || node.leaf || node.level >= depth) break;
        await store.childrenOf(node.id);
      }
    })();
    return () => {
      live = false;
    };
  }, [store, code, depth]);

  // The cascader resets its open column whenever the value changes identity: keep it stable.
  const pathKey = code === '' ? '' : (store.path(code)?.map((node) => node.id) ?? [code]).join(',');
  const path = useMemo(() => (pathKey === '' ? [] : pathKey.split(',')), [pathKey]);

  if (depth === undefined) return <Typography.Text type="danger">{PICKER_TEXTS.badType}</Typography.Text>;
  if (store.problem !== undefined) return <Typography.Text type="danger">{store.problem}</Typography.Text>;

  return (
    <Cascader<AreaOption>
      style={{ width: '100%' }}
      options={areaOptions(store, depth)}
      value={path}
      disabled={disabled}
      placeholder={field.placeholder}
      allowClear
      showSearch={false}
      displayRender={(labels) => labels.join(AREA_SEPARATOR)}
      loadData={(selected) => {
        const last = selected[selected.length - 1];
        if (last) void store.childrenOf(last.value);
      }}
      onChange={(next) => {
        const ids = (next ?? []) as string[];
        onChange(ids.length > 0 ? ids[ids.length - 1] : '');
      }}
    />
  );
}
