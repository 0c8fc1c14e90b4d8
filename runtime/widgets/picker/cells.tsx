/**
 * List cells of the picker widgets: an `area` column shows '浙江省/杭州市/西湖区' instead of the code
 * (the areas of the field's options.area.page).
 * Every cell of a page asks the shared area store in the same tick, which resolves them together
 * (a few requests per page, never one per row). Registered by registerBuiltinWidgets.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { Host } from '../../host/types';
import { registerCellRenderer } from '../registry';
import { areaPageOf } from '../../schema/fieldSemantics';
import { areaStoreFor } from './areaStore';

export function AreaText({ host, page, value }: { host: Host; page: string; value: unknown }) {
  const store = areaStoreFor(host, page);
  useSyncExternalStore(store.subscribe, store.getVersion, store.getVersion);
  const code = value === null || value === undefined ? '' : String(value);
  useEffect(() => {
    if (code !== '') void store.resolve([code]);
  }, [store, code]);
  if (code === '') return null;
  // Until the path is known the cell stays empty; an unknown code is shown as it is stored.
  return <>{store.pathText(code) ?? (store.hasFailed(code) ? code : '')}</>;
}

export function registerPickerCellRenderers(): void {
  registerCellRenderer('area', (value, context) => <AreaText host={context.host} page={areaPageOf(context.column.field.options)} value={value} />);
}
