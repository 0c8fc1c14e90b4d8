/**
 * The builder's behaviour as a small store (state + actions + subscribe), JSuperQuery's methods
 * without the view: rows and match type, the saved queries of the list, and the spec's messages.
 * The antd modal only lays it out; every message and confirmation goes through the host.
 */
import { reportFailure } from '../host/failure';
import type { Host } from '../host/types';
import type { SuperQuery, SuperQueryCondition, SuperQueryMatchType, SuperQueryRule } from '../list/types';
import type { SuperQueryField } from './fields';
import {
  isEmptyQuery,
  newRow,
  recordsOf,
  rowsFromQuery,
  rowsOrDefault,
  toConditions,
  withField,
  withRule,
  withValue,
  type RowValue,
  type SuperQueryRow,
} from './model';
import { cachedSavedQueries, deleteSavedQuery, loadSavedQueries, saveQuery, type SavedQuery } from './savedQueries';
import { overwriteText, SUPER_QUERY_TEXTS } from './texts';

export type BuilderHost = Pick<Host, 'request' | 'notify' | 'confirm' | 'storage'>;

export interface BuilderState {
  rows: readonly SuperQueryRow[];
  matchType: SuperQueryMatchType;
  saved: readonly SavedQuery[];
  /** A save, delete or list load is under way. */
  busy: boolean;
}

export interface BuilderOptions {
  host: BuilderHost;
  /** The saved queries' code (spec §9: code, or the current path). */
  code: string;
  fields: readonly SuperQueryField[];
  /** Runs the query on the list; null switches the advanced query off. */
  onRun(conditions: SuperQueryCondition[] | null, matchType: SuperQueryMatchType): void;
}

export interface SuperQueryBuilder {
  getState(): BuilderState;
  subscribe(listener: () => void): () => void;
  /** Opening: rows from the list's active query, or one default row; the saved list is (re)loaded. */
  open(active: SuperQuery | null): Promise<void>;
  addRow(index?: number): void;
  removeRow(index: number): void;
  setField(index: number, field: string | undefined): void;
  setRule(index: number, rule: SuperQueryRule): void;
  setValue(index: number, val: RowValue | undefined): void;
  setMatchType(matchType: SuperQueryMatchType): void;
  /** 查询: refuses an empty query ('不能查询空条件'). Resolves true when the list was asked to run it. */
  run(): boolean;
  /** 重置: one default row, no active filter. */
  reset(): void;
  /** 保存查询条件, step 1: false (and '空条件不能保存') when there is nothing to save — else the view asks the name. */
  canSave(): boolean;
  /** Step 2, the name: blank refused, an existing name asks to overwrite. Resolves true when saved. */
  saveAs(name: string): Promise<boolean>;
  /** Loads a saved query into the rows (not run yet). */
  load(saved: SavedQuery): void;
  /** Asks '是否删除当前查询？', then deletes. */
  remove(saved: SavedQuery): Promise<boolean>;
  update(next: Partial<Pick<BuilderOptions, 'fields' | 'onRun' | 'host'>>): void;
}

function queryKey(query: SuperQuery | null, conditions?: readonly SuperQueryCondition[], matchType?: SuperQueryMatchType): string {
  const list = conditions ?? query?.conditions ?? [];
  return list.length === 0 ? '' : JSON.stringify([matchType ?? query?.matchType ?? 'and', list]);
}

export function createSuperQueryBuilder(options: BuilderOptions): SuperQueryBuilder {
  let { host, fields, onRun } = options;
  const { code } = options;
  const listeners = new Set<() => void>();
  let state: BuilderState = { rows: [newRow()], matchType: 'and', saved: cachedSavedQueries(host, code), busy: false };
  /**
   * The list query the rows were last made from or sent as. While the list still shows it, opening
   * the builder again keeps the rows as the user left them (edits not run yet included); once the
   * list's query changed elsewhere (清空, back/forward, a bookmark) the rows follow the list.
   */
  let synced = queryKey(null);

  function set(patch: Partial<BuilderState>): void {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  }

  function setRow(index: number, change: (row: SuperQueryRow) => SuperQueryRow): void {
    set({ rows: state.rows.map((row, i) => (i === index ? change(row) : row)) });
  }

  async function busyWhile<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    set({ busy: true });
    try {
      return await work();
    } catch (error) {
      reportFailure(host.notify, error);
      return fallback;
    } finally {
      set({ busy: false });
    }
  }

  async function store(title: string): Promise<boolean> {
    const result = await saveQuery(host, code, { title, matchType: state.matchType, records: recordsOf(state.rows) });
    if (!result.ok) {
      host.notify.warning(result.message);
      return false;
    }
    set({ saved: result.value });
    host.notify.success(SUPER_QUERY_TEXTS.saved);
    return true;
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async open(active) {
      const key = queryKey(active);
      if (key !== synced) {
        synced = key;
        set({ rows: rowsOrDefault(rowsFromQuery(active, fields)), matchType: active?.matchType ?? state.matchType });
      }
      await busyWhile(async () => {
        const { list } = await loadSavedQueries(host, code);
        set({ saved: list });
      }, undefined);
    },
    addRow(index) {
      const rows = [...state.rows];
      rows.splice(index === undefined ? rows.length : index + 1, 0, newRow());
      set({ rows });
    },
    removeRow(index) {
      set({ rows: state.rows.filter((_, i) => i !== index) });
    },
    setField(index, name) {
      setRow(index, (row) => withField(row, fields.find((field) => field.value === name)));
    },
    setRule(index, rule) {
      setRow(index, (row) => withRule(row, rule));
    },
    setValue(index, val) {
      setRow(index, (row) => withValue(row, val));
    },
    setMatchType(matchType) {
      set({ matchType });
    },
    run() {
      if (isEmptyQuery(state.rows)) {
        host.notify.warning(SUPER_QUERY_TEXTS.emptyRun);
        return false;
      }
      const conditions = toConditions(state.rows);
      synced = queryKey(null, conditions, state.matchType);
      onRun(conditions, state.matchType);
      return true;
    },
    reset() {
      set({ rows: [newRow()] });
      synced = queryKey(null);
      onRun(null, state.matchType);
    },
    canSave() {
      if (isEmptyQuery(state.rows)) {
        host.notify.warning(SUPER_QUERY_TEXTS.emptySave);
        return false;
      }
      return true;
    },
    async saveAs(name) {
      const title = name.trim();
      if (title === '') {
        host.notify.warning(SUPER_QUERY_TEXTS.blankName);
        return false;
      }
      if (state.saved.some((saved) => saved.title === title)) {
        const confirmed = await host.confirm({ title: SUPER_QUERY_TEXTS.confirmTitle, content: overwriteText(title) });
        if (!confirmed) return false;
      }
      return busyWhile(() => store(title), false);
    },
    load(saved) {
      set({ rows: rowsOrDefault(saved.records), matchType: saved.matchType });
    },
    async remove(saved) {
      const confirmed = await host.confirm({ title: SUPER_QUERY_TEXTS.confirmTitle, content: SUPER_QUERY_TEXTS.confirmDelete, danger: true });
      if (!confirmed) return false;
      return busyWhile(async () => {
        const result = await deleteSavedQuery(host, code, saved.id);
        if (!result.ok) {
          host.notify.warning(result.message);
          return false;
        }
        set({ saved: result.value });
        host.notify.success(SUPER_QUERY_TEXTS.deleted);
        return true;
      }, false);
    },
    update(next) {
      if (next.fields) fields = next.fields;
      if (next.onRun) onRun = next.onRun;
      if (next.host) host = next.host;
    },
  };
}
