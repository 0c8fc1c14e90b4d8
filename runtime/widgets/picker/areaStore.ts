/**
 * The areas behind the area picker and its list cells (widgets spec §3 Area, §7): one store per
 * request layer, so every form and list of the app shares what is loaded and a list page resolves
 * its cells in a few requests, never one per row.
 *
 * Loading: GET /maintenance/area/childList with id '86' first. Our server, like JeecgBoot, answers the
 * whole map at once (`result.records` = {parent code: {child code: name}}) and nothing else is asked
 * for. An answer of rows (id, areaName, pid, hasChild) is read too: then deeper levels are loaded on
 * demand — a province's cities from /maintenance/area/city, a city's districts from childList with
 * pid — and stored codes are resolved to their ancestors through the list endpoint filtered by ids. Stored values are area ids,
 * which are the GB/T 2260 codes (schemas/seed/entities/maintenance/area.json).
 */
import { reportFailure } from '../../host/failure';
import type { Envelope, Host } from '../../host/types';
import { TickBatch } from '../batching/tickBatch';
import { VersionedStore } from '../batching/versionedStore';

export const AREA_ROOT = '86';
export const AREA_URLS = {
  childList: '/maintenance/area/childList',
  city: '/maintenance/area/city',
  list: '/maintenance/area/list',
} as const;
export const AREA_SEPARATOR = '/';

export interface AreaNode {
  id: string;
  name: string;
  pid: string;
  /** 1 province, 2 city, 3 district. */
  level: number;
  /** Known to have no children. */
  leaf: boolean;
}

type AreaHost = Pick<Host, 'request' | 'notify'>;
type Row = Record<string, unknown>;

const MAX_DEPTH = 3;

function text(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function isMap(value: unknown): value is Record<string, Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rowsOf(result: unknown): Row[] {
  if (Array.isArray(result)) return result.filter((row): row is Row => typeof row === 'object' && row !== null);
  if (isMap(result) && Array.isArray(result.records)) return rowsOf(result.records);
  return [];
}

export class AreaStore extends VersionedStore {
  private readonly nodes = new Map<string, AreaNode>();
  private readonly children = new Map<string, string[]>();
  /** The whole map arrived in one answer: nothing else needs loading. */
  private complete = false;
  private readonly inFlight = new Map<string, Promise<AreaNode[]>>();
  /** Ids the cells asked for, resolved together on the next tick. */
  private readonly batch = new TickBatch<string>((ids) => this.resolveIds(ids));
  private readonly failed = new Set<string>();

  constructor(private readonly host: AreaHost) {
    super();
  }

  node(id: string): AreaNode | undefined {
    return this.nodes.get(id);
  }

  /** The area and its ancestors, province first; undefined while any of them is unknown. */
  path(id: string): AreaNode[] | undefined {
    const path: AreaNode[] = [];
    let current = this.nodes.get(id);
    while (current) {
      path.unshift(current);
      if (current.pid === AREA_ROOT || path.length > MAX_DEPTH) return path;
      current = this.nodes.get(current.pid);
    }
    return undefined;
  }

  /** '浙江省/杭州市/西湖区', or undefined while unknown. */
  pathText(id: string): string | undefined {
    return this.path(id)?.map((node) => node.name).join(AREA_SEPARATOR);
  }

  /** The lookup of `id` failed (no such area, or the request failed). */
  hasFailed(id: string): boolean {
    return this.failed.has(id);
  }

  private add(id: string, name: string, pid: string, level: number, leaf: boolean): void {
    this.nodes.set(id, { id, name, pid, level, leaf });
  }

  private addRow(row: Row): AreaNode | undefined {
    const id = text(row.id) ?? text(row.code);
    const name = text(row.areaName) ?? text(row.text) ?? text(row.name);
    const pid = text(row.pid) ?? AREA_ROOT;
    if (id === undefined || name === undefined) return undefined;
    const parent = this.nodes.get(pid);
    const level = Number(row.level ?? row.index) || (pid === AREA_ROOT ? 1 : (parent?.level ?? 0) + 1);
    const flag = row.hasChild;
    const leaf = flag === 'N' || flag === '0' || flag === 0 || flag === false || level >= MAX_DEPTH;
    this.add(id, name, pid, level, leaf);
    return this.nodes.get(id);
  }

  /** JeecgBoot's whole map: {parent: {child: name}}, levels counted from the root. */
  private addMap(map: Record<string, Record<string, unknown>>): void {
    const walk = (parent: string, level: number) => {
      const entries = Object.entries(map[parent] ?? {});
      this.children.set(parent, entries.map(([id]) => id));
      for (const [id, name] of entries) {
        this.add(id, String(name), parent, level, !map[id] || level >= MAX_DEPTH);
        if (map[id] && level < MAX_DEPTH) walk(id, level + 1);
      }
    };
    walk(AREA_ROOT, 1);
    this.complete = true;
  }

  private async fetch(url: string, params: Record<string, string | number>): Promise<unknown> {
    try {
      const res: Envelope<unknown> = await this.host.request.get<unknown>(url, params);
      if (!res.success) {
        this.host.notify.warning(res.message || '操作失败');
        return undefined;
      }
      return res.result;
    } catch (error) {
      reportFailure(this.host.notify, error);
      return undefined;
    }
  }

  /** The children already loaded, or undefined when they still have to be asked for. */
  knownChildren(pid: string): AreaNode[] | undefined {
    const loaded = this.children.get(pid);
    if (loaded) return loaded.flatMap((id) => this.nodes.get(id) ?? []);
    return this.complete ? [] : undefined;
  }

  /** The children of an area (the provinces for the root), loading them once. */
  childrenOf(pid: string): Promise<AreaNode[]> {
    const loaded = this.children.get(pid);
    if (loaded) return Promise.resolve(loaded.flatMap((id) => this.nodes.get(id) ?? []));
    if (this.complete) return Promise.resolve([]);
    let pending = this.inFlight.get(pid);
    if (!pending) {
      pending = this.loadChildren(pid).finally(() => this.inFlight.delete(pid));
      this.inFlight.set(pid, pending);
    }
    return pending;
  }

  private async loadChildren(pid: string): Promise<AreaNode[]> {
    const parent = this.nodes.get(pid);
    const result =
      pid === AREA_ROOT
        ? await this.fetch(AREA_URLS.childList, { id: AREA_ROOT })
        : parent?.level === 1
          ? // The spec names the parameter id; our server reads pid.
            await this.fetch(AREA_URLS.city, { id: pid, pid })
          : await this.fetch(AREA_URLS.childList, { pid });
    if (result === undefined) return [];
    const records = isMap(result) ? result.records : undefined;
    if (pid === AREA_ROOT && isMap(records)) {
      this.addMap(records);
    } else {
      const nodes = rowsOf(result).flatMap((row) => this.addRow({ pid, ...row }) ?? []);
      this.children.set(pid, nodes.map((node) => node.id));
    }
    this.changed();
    return (this.children.get(pid) ?? []).flatMap((id) => this.nodes.get(id) ?? []);
  }

  /** Makes the areas and their ancestors known; batched with other calls of the same tick. */
  resolve(ids: readonly string[]): Promise<void> {
    return this.batch.add(ids.filter((id) => id !== '' && !this.path(id) && !this.failed.has(id)));
  }

  private async resolveIds(wanted: string[]): Promise<void> {
    await this.childrenOf(AREA_ROOT);
    for (let round = 0; round < MAX_DEPTH && !this.complete; round += 1) {
      const unknown = [
        ...new Set(
          wanted.flatMap((id) => {
            let current = id;
            // The first unknown id on the way up from each wanted area.
            for (let step = 0; step <= MAX_DEPTH; step += 1) {
              const node = this.nodes.get(current);
              if (!node) return [current];
              if (node.pid === AREA_ROOT) return [];
              current = node.pid;
            }
            return [];
          }),
        ),
      ].filter((id) => !this.failed.has(id));
      if (unknown.length === 0) break;
      const result = await this.fetch(AREA_URLS.list, { id: unknown.join(','), pageNo: 1, pageSize: Math.max(unknown.length, 10) });
      const found = new Set(rowsOf(result).flatMap((row) => this.addRow(row)?.id ?? []));
      for (const id of unknown) if (!found.has(id)) this.failed.add(id);
    }
    for (const id of wanted) if (!this.path(id)) this.failed.add(id);
    this.changed();
  }
}

const stores = new WeakMap<Host['request'], AreaStore>();

/** The store of a host's request layer (the web app has one; each test host its own). */
export function areaStoreFor(host: AreaHost): AreaStore {
  let store = stores.get(host.request);
  if (!store) {
    store = new AreaStore(host);
    stores.set(host.request, store);
  }
  return store;
}
