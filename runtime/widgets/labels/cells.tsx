/**
 * Read-only names of the organisation and record pickers (last stop's note: lists and 详细信息 showed
 * raw usernames, department ids and record ids): a `user` value shows the users' realnames, a
 * `depart` value the departments' departName, a `picker` value the picked rows' text field. Each kind
 * is resolved once per page of cells (keyLabelStore.ts). Registered on import.
 */
import type { ReactNode } from 'react';
import type { Host } from '../../host/types';
import type { CompiledField } from '../../schema/compiledPageTypes';
import { departNames } from '../org/departIndex';
import { loadDepartTree, loadUsersByKeys } from '../org/orgApi';
import { loadRowsByKeys } from '../picker/pickerSource';
import { rowKey, rowText } from '../picker/selection';
import { registerCellRenderer } from '../registry';
import { keyLabelStoreFor, useKeyNames, type KeyLabelStore } from './keyLabelStore';

/** getMultiUser resolves at most this many keys per call (server/sys/org/userRoutes.ts). */
const USERS_PER_CALL = 200;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function userNameStore(host: Host): KeyLabelStore {
  return keyLabelStoreFor(host, 'user', async (keys) => {
    const names = new Map<string, string>();
    for (const part of chunks(keys, USERS_PER_CALL)) {
      const users = await loadUsersByKeys(host, part);
      if (!users) return names.size > 0 ? names : null;
      // Stored values may hold usernames or ids (spec §3); both name the user.
      for (const user of users) {
        names.set(user.username, user.realname);
        names.set(user.id, user.realname);
      }
    }
    return names;
  });
}

export function departNameStore(host: Host): KeyLabelStore {
  // The organisation chart is small: one tree answers every department of the page.
  return keyLabelStoreFor(host, 'depart', async () => {
    const tree = await loadDepartTree(host);
    return tree ? departNames(tree) : null;
  });
}

export function pickerNameStore(host: Host, ref: string): KeyLabelStore {
  return keyLabelStoreFor(host, `picker:${ref}`, async (keys) => {
    const page = await host.pages.load(ref);
    const picker = page.picker;
    if (!picker) return null;
    const rows = await loadRowsByKeys(host, page, picker, keys);
    const valueField = picker.valueField.name;
    return new Map(rows.flatMap((row) => {
      const key = rowKey(row, valueField);
      return key === undefined ? [] : [[key, rowText(row, key, picker.textField.name)] as const];
    }));
  });
}

/** Stored keys shown by their names (users by real name, departments by name), as they load. */
export function KeyNames({ store, value }: { store: KeyLabelStore; value: unknown }) {
  return <>{useKeyNames(store, value)}</>;
}

/** The store naming a field's stored keys, or undefined for a field whose values are their own text. */
export function nameStoreOf(field: CompiledField, host: Host): KeyLabelStore | undefined {
  switch (field.widget) {
    case 'user':
      return userNameStore(host);
    case 'depart':
      return departNameStore(host);
    case 'picker': {
      const ref = field.options.picker?.page;
      return ref ? pickerNameStore(host, ref) : undefined;
    }
    default:
      return undefined;
  }
}

function namesCell(value: unknown, field: CompiledField, host: Host): ReactNode {
  const store = nameStoreOf(field, host);
  return store ? <KeyNames store={store} value={value} /> : value === null || value === undefined ? null : String(value);
}

export function registerNameCellRenderers(): void {
  for (const type of ['user', 'depart', 'picker']) {
    registerCellRenderer(type, (value, { column, host }) => namesCell(value, column.field, host));
  }
}
