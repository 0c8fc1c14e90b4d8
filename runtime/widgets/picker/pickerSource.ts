/**
 * Where a record picker's data comes from: the target page (loaded through host.pages), the rows
 * of a stored value (preselection — widgets spec §7: "the same call filtered by ids", i.e. the
 * page's list endpoint with `<valueField>=a,b`, which the server reads as IN), and the tree of the
 * customer-tree variant.
 */
import { entityEndpoint } from '../../contract/entityEndpoints';
import { useEffect, useState } from 'react';
import { reportFailure } from '../../host/failure';
import type { Host } from '../../host/types';
import type { CompiledPage, CompiledPicker } from '../../schema/compiledPageTypes';
import { rowKey, type PickerRow } from './selection';
import { noPickerText, PICKER_TEXTS, unavailableText } from './texts';

export type TargetPage =
  | { status: 'loading' }
  | { status: 'ready'; page: CompiledPage; picker: CompiledPicker }
  | { status: 'error'; message: string };

/** The page a picker field picks from; a missing page, or one without a picker, is an error the widget shows. */
export function useTargetPage(host: Host, ref: string | undefined): TargetPage {
  const [state, setState] = useState<{ ref?: string; target: TargetPage }>({ target: { status: 'loading' } });
  useEffect(() => {
    if (!ref) return;
    let live = true;
    host.pages.load(ref).then(
      (page) => {
        if (!live) return;
        setState({
          ref,
          target: page.picker ? { status: 'ready', page, picker: page.picker } : { status: 'error', message: noPickerText(ref) },
        });
      },
      (error: unknown) => {
        if (live) setState({ ref, target: { status: 'error', message: unavailableText(ref, error instanceof Error ? error.message : String(error)) } });
      },
    );
    return () => {
      live = false;
    };
  }, [host, ref]);
  if (!ref) return { status: 'error', message: PICKER_TEXTS.missingOption };
  return state.ref === ref ? state.target : { status: 'loading' };
}

/** The endpoint a picker lists from: the picker's own (e.g. the case picker's porp_list) or the page's list. */
export function listUrlOf(page: CompiledPage): string {
  return page.picker?.listUrl ?? entityEndpoint(page.entity.apiPath, 'list');
}

/**
 * The rows whose value field holds one of `keys`, in the order of `keys`; [] on a failure (the
 * server's message is shown as a warning, a transport failure has been reported by the host).
 */
export async function loadRowsByKeys(
  host: Pick<Host, 'request' | 'notify'>,
  page: CompiledPage,
  picker: CompiledPicker,
  keys: readonly string[],
): Promise<PickerRow[]> {
  if (keys.length === 0) return [];
  const valueField = picker.valueField.name;
  try {
    const res = await host.request.get<{ records?: PickerRow[] } | PickerRow[]>(listUrlOf(page), {
      [valueField]: keys.join(','),
      pageNo: 1,
      pageSize: Math.max(keys.length, 10),
    });
    if (!res.success) {
      host.notify.warning(res.message || '操作失败');
      return [];
    }
    const rows = Array.isArray(res.result) ? res.result : (res.result?.records ?? []);
    const byKey = new Map(rows.map((row) => [rowKey(row, valueField), row]));
    return keys.flatMap((key) => {
      const row = byKey.get(key);
      return row ? [row] : [];
    });
  } catch (error) {
    reportFailure(host.notify, error);
    return [];
  }
}
