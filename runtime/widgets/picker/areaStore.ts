/**
 * The areas behind the area picker and its list cells (widgets spec §3 Area, §7): one store per
 * request layer and area page, so every form and list of the app shares what is loaded and a list page
 * resolves its cells in a few requests, never one per row.
 *
 * Where the areas come from is the area page's document (options.area.page, default maintenance/area):
 * its tree's root and `cascade` section name the endpoints, the fields and the number of levels.
 * Loading: the map endpoint with the root as id first (childList?id=86). Our server, like JeecgBoot,
 * answers the whole map at once (`result.records` = {parent id: {child id: name}}) and nothing else is
 * asked for. An answer of rows is read too: then deeper levels are loaded on demand — from the level's
 * own endpoint when the cascade declares one (a province's cities from `city`), else from the map
 * endpoint with pid — and stored ids are resolved to their ancestors through the page's list endpoint
 * filtered by ids. Stored values are the page's row ids (areas: GB/T 2260 codes).
 */
import { entityEndpoint } from '../../contract/entityEndpoints';
import { reportFailure } from '../../host/failure';
import type { Envelope, Host } from '../../host/types';
import type { CompiledPage } from '../../schema/compiledPageTypes';
import { DEFAULT_AREA_PAGE } from '../../schema/fieldSemantics';
import { TickBatch } from '../batching/tickBatch';
import { VersionedStore } from '../batching/versionedStore';

export const AREA_SEPARATOR = '/';

export interface AreaNode {
  id: string;
  name: string;
  pid: string;
  /** 1 for the rows under the root (provinces), then one more per level. */
  level: number;
  /** Known to have no children. */
  leaf: boolean;
}

/** What the store needs of the area page: its endpoints, root, depth and the row fields it reads. */
export interface AreaSource {
  root: string;
  levels: number;
  mapUrl: string;
  listUrl: string;
  /** Endpoint of a level that has one (level → url). */
  levelUrls: ReadonlyMap<number, string>;
  nameField: string;
  parentField: string;
  levelField: string;
  hasChildField?: string;
}

/** The area source a page declares (entity.tree.cascade), or undefined for a page without one. */
export function areaSourceOf(page: CompiledPage): AreaSource | undefined {
  const tree = page.entity.tree;
  const cascade = tree?.cascade;
  if (!tree || !cascade) return undefined;
  return {
    root: tree.rootValue,
    levels: cascade.levels,
    mapUrl: cascade.mapUrl,
    listUrl: entityEndpoint(page.entity.apiPath, 'list'),
    levelUrls: new Map(cascade.levelUrls.map(({ level, url }) => [level, url])),
    nameField: cascade.nameField.name,
    parentField: tree.parentField.name,
    levelField: cascade.levelField.name,
    ...(tree.hasChildField ? { hasChildField: tree.hasChildField.name } : {}),
  };
}

/** The widget's message for an area page it cannot use. */
export function noCascadeText(ref: string): string {
  return `页面 ${ref} 没有 entity.tree.cascade 配置，不能用作区域级联`;
}

type AreaHost = Pick<Host, 'request' | 'notify' | 'pages'>;
type Row = Record<string, unknown>;

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
  private source?: AreaSource;
  private sourceLoad?: Promise<AreaSource | undefined>;
  /** Why the area page cannot be used (missing, broken, or without a cascade). */
  private sourceProblem?: string;

  constructor(
    private readonly host: AreaHost,
    /** The area page, '<module>/<entity>'. */
    readonly page: string,
  ) {
    super();
  }

  /** The tree's root (the parent of the first level); undefined until the page is loaded. */
  get root(): string | undefined {
    return this.source?.root;
  }

  /** The number of levels the page declares; undefined until the page is loaded. */
  get levels(): number | undefined {
    return this.source?.levels;
  }

  /** Why the area page cannot be used, once its load failed. */
  get problem(): string | undefined {
    return this.sourceProblem;
  }

  /** The area page's source, loaded once (a failure is kept: the page documents do not change while the app runs). */
  private ready(): Promise<AreaSource | undefined> {
    this.sourceLoad ??= this.host.pages.load(this.page).then(
      (page) => {
        this.source = areaSourceOf(page);
        if (!this.source) this.sourceProblem = noCascadeText(this.page);
        this.changed();
        return this.source;
      },
      (error: unknown) => {
        this.sourceProblem = error instanceof Error ? error.message : String(error);
        this.changed();
        return undefined;
      },
    );
    return this.sourceLoad;
  }

  node(id: string): AreaNode | undefined {
    return this.nodes.get(id);
  }

  /** The area and its ancestors, first level first; undefined while any of them is unknown. */
  path(id: string): AreaNode[] | undefined {
    const source = this.source;
    if (!source) return undefined;
    const path: AreaNode[] = [];
    let current = this.nodes.get(id);
    while (current) {
      path.unshift(current);
      if (current.pid === source.root || path.length > source.levels) return path;
      current = this.nodes.get(current.pid);
    }
    return undefined;
  }

  /** '浙江省/杭州市/西湖区', or undefined while unknown. */
  pathText(id: string): string | undefined {
    return this.path(id)?.map((node) => node.name).join(AREA_SEPARATOR);
  }

  /** The lookup of `id` failed (no such area, the request failed, or the area page is unusable). */
  hasFailed(id: string): boolean {
    return this.failed.has(id) || this.sourceProblem !== undefined;
  }

  private add(id: string, name: string, pid: string, level: number, leaf: boolean): void {
    this.nodes.set(id, { id, name, pid, level, leaf });
  }

  private addRow(source: AreaSource, row: Row): AreaNode | undefined {
    const id = text(row.id) ?? text(row.code);
    // JeecgBoot's rows name the area `text`; ours by the page's name field.
    const name = text(row[source.nameField]) ?? text(row.text) ?? text(row.name);
    const pid = text(row[source.parentField]) ?? source.root;
    if (id === undefined || name === undefined) return undefined;
    const parent = this.nodes.get(pid);
    const level = Number(row[source.levelField] ?? row.index) || (pid === source.root ? 1 : (parent?.level ?? 0) + 1);
    const flag = source.hasChildField === undefined ? undefined : row[source.hasChildField];
    const leaf = flag === 'N' || flag === '0' || flag === 0 || flag === false || level >= source.levels;
    this.add(id, name, pid, level, leaf);
    return this.nodes.get(id);
  }

  /** JeecgBoot's whole map: {parent: {child: name}}, levels counted from the root. */
  private addMap(source: AreaSource, map: Record<string, Record<string, unknown>>): void {
    const walk = (parent: string, level: number) => {
      const entries = Object.entries(map[parent] ?? {});
      this.children.set(parent, entries.map(([id]) => id));
      for (const [id, name] of entries) {
        this.add(id, String(name), parent, level, !map[id] || level >= source.levels);
        if (map[id] && level < source.levels) walk(id, level + 1);
      }
    };
    walk(source.root, 1);
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

  /** The first level (the root's children), loading the area page and them once. */
  async roots(): Promise<AreaNode[]> {
    const source = await this.ready();
    return source ? this.childrenOf(source.root) : [];
  }

  /** The children of an area (the first level for the root), loading them once. */
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
    const source = await this.ready();
    if (!source) return [];
    const parent = this.nodes.get(pid);
    const levelUrl = parent ? source.levelUrls.get(parent.level + 1) : undefined;
    const result =
      pid === source.root
        ? await this.fetch(source.mapUrl, { id: source.root })
        : levelUrl
          ? // The spec names the parameter id; our server reads pid.
            await this.fetch(levelUrl, { id: pid, pid })
          : await this.fetch(source.mapUrl, { pid });
    if (result === undefined) return [];
    const records = isMap(result) ? result.records : undefined;
    if (pid === source.root && isMap(records)) {
      this.addMap(source, records);
    } else {
      const nodes = rowsOf(result).flatMap((row) => this.addRow(source, { [source.parentField]: pid, ...row }) ?? []);
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
    await this.roots();
    const source = this.source;
    if (!source) return;
    for (let round = 0; round < source.levels && !this.complete; round += 1) {
      const unknown = [
        ...new Set(
          wanted.flatMap((id) => {
            let current = id;
            // The first unknown id on the way up from each wanted area.
            for (let step = 0; step <= source.levels; step += 1) {
              const node = this.nodes.get(current);
              if (!node) return [current];
              if (node.pid === source.root) return [];
              current = node.pid;
            }
            return [];
          }),
        ),
      ].filter((id) => !this.failed.has(id));
      if (unknown.length === 0) break;
      const result = await this.fetch(source.listUrl, { id: unknown.join(','), pageNo: 1, pageSize: Math.max(unknown.length, 10) });
      const found = new Set(rowsOf(result).flatMap((row) => this.addRow(source, row)?.id ?? []));
      for (const id of unknown) if (!found.has(id)) this.failed.add(id);
    }
    for (const id of wanted) if (!this.path(id)) this.failed.add(id);
    this.changed();
  }
}

const stores = new WeakMap<Host['request'], Map<string, AreaStore>>();

/** The store of a host's request layer and area page (the web app has one layer; each test host its own). */
export function areaStoreFor(host: AreaHost, page: string = DEFAULT_AREA_PAGE): AreaStore {
  let byPage = stores.get(host.request);
  if (!byPage) {
    byPage = new Map();
    stores.set(host.request, byPage);
  }
  let store = byPage.get(page);
  if (!store) {
    store = new AreaStore(host, page);
    byPage.set(page, store);
  }
  return store;
}
