/**
 * The view of every `schema/<module>/<entity>` menu key: loads schemas/pages/<module>/<entity>.json,
 * compiles it once (loadPageSchema) and renders it with the one interpreter (SchemaPage). A broken
 * document shows what is wrong and where (file, JSON pointer, message) and breaks only this page.
 */
import { memo, useEffect, useState } from 'react';
import { Alert, Card, Result, Spin, Typography } from 'antd';
import { loadPageSchema, type LoadPageResult } from '../../runtime/schema/loadPageSchema';
import type { SchemaError } from '../../runtime/schema/schemaError';
import { findStatistics } from '../../runtime/schema/statistics';
import { findResult } from '../../runtime/schema/results';
import type { Host } from '../../runtime/host/types';
import { SchemaPage } from '../../runtime/views/SchemaPage';
import { listDictCodes } from '../../runtime/views/list/listConfig';
import { prefetchFirstList } from '../../runtime/views/list/firstRequest';
import { registerBuiltinWidgets } from '../../runtime/views/registerBuiltinWidgets';
import { usePageSearch } from '../layouts/BasicLayout/usePageSearch';
import { useGridLive } from '../realtime/useGridLive';
import { dictService, runtimeRequest, useRuntimeHost } from '../runtimeHost';
import { documentLoaders, documentNow, loadDocument, parseSchemaViewKey, schemaSource, type DocumentLoader } from './schemaDocuments';

// The app's one entry into the schema runtime registers the shipped widgets, once, before any
// schema page renders. Here rather than in main.tsx: the cell renderers are synchronous, so
// registering them at the app's start would put them in the first download of every screen
// (about 40 kB gzip), the sign-in page included; this module is loaded with the first schema page.
registerBuiltinWidgets();

export const SCHEMA_ERROR_TITLE = '页面定义有误';
export const SCHEMA_MISSING_TITLE = '页面定义不存在';
export const SCHEMA_LOAD_FAILED_TITLE = '页面定义加载失败';
export const SCHEMA_VIEW_MISSING_TITLE = '页面视图不存在';

type Outcome =
  | { kind: 'loading' }
  | { kind: 'missing'; source: string }
  | { kind: 'failed'; source: string; reason: string }
  | { kind: 'loaded'; result: LoadPageResult; source: string; view?: string };

type Resolved = Exclude<Outcome, { kind: 'loading' }>;
type Loaders = Readonly<Record<string, DocumentLoader>>;

/** Where a view key's document lives, or why it has none. */
function locate(viewKey: string, loaders: Loaders): { source: string; path: string; view?: string } | Resolved {
  const parsed = parseSchemaViewKey(viewKey);
  if (!parsed) return { kind: 'missing', source: viewKey };
  const source = schemaSource(parsed.module, parsed.entity);
  const path = `/${source}`;
  if (!Object.hasOwn(loaders, path)) return { kind: 'missing', source };
  return { source, path, ...(parsed.view === undefined ? {} : { view: parsed.view }) };
}

function compiled(doc: unknown, source: string, view: string | undefined): Resolved {
  return { kind: 'loaded', result: loadPageSchema(doc, source), source, ...(view === undefined ? {} : { view }) };
}

/** Resolves a view key to its compiled page (or why there is none). */
export async function resolveSchemaPage(viewKey: string, loaders: Loaders = documentLoaders()): Promise<Resolved> {
  const at = locate(viewKey, loaders);
  if ('kind' in at) return at;
  try {
    return compiled(await loadDocument(loaders, at.path), at.source, at.view);
  } catch (error) {
    return { kind: 'failed', source: at.source, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The same, at once, when the document has arrived already (the page was open before, or its menu
 * group preloaded it): the page renders in the click's own frame, without a loading round. Undefined
 * while the document is still to be fetched.
 */
export function resolveSchemaPageNow(viewKey: string, loaders: Loaders = documentLoaders()): Resolved | undefined {
  const at = locate(viewKey, loaders);
  if ('kind' in at) return at;
  const arrived = documentNow(loaders, at.path);
  return arrived ? compiled(arrived.doc, at.source, at.view) : undefined;
}

function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 2_000 });
  else setTimeout(work, 0);
}

/**
 * A menu group opened or the pointer rests on an entry: fetches the page's document (this module's
 * code is loaded by now) and compiles it — at once when the click is near (`soon`), else when the
 * browser is idle — so the click finds the page ready and its list request leaves at once.
 */
export function preloadSchemaPage(viewKey: string, soon = false): Promise<void> {
  const loaders = documentLoaders();
  const at = locate(viewKey, loaders);
  if ('kind' in at) return Promise.resolve();
  return loadDocument(loaders, at.path).then(
    () => (soon ? void resolveSchemaPageNow(viewKey, loaders) : whenIdle(() => void resolveSchemaPageNow(viewKey, loaders))),
    // The click will show why the document cannot be loaded.
    () => undefined,
  );
}

/**
 * Sends the list's first request (and asks for its dictionaries) as soon as the page has compiled,
 * before the page renders: the list's controller takes that answer instead of asking itself.
 * Resolves once both are in (never rejects); undefined when the page sends no list request.
 */
function sendFirstRequest(request: Host['request'], outcome: Resolved, search: string): Promise<void> | undefined {
  if (outcome.kind !== 'loaded' || !outcome.result.ok) return undefined;
  const page = outcome.result.page;
  // A report asks for its figures itself; the page's list is not shown.
  if (outcome.view !== undefined && findStatistics(page, outcome.view)) return undefined;
  // A result page shows no list either.
  if (outcome.view !== undefined && findResult(page, outcome.view)) return undefined;
  const list = prefetchFirstList(request, page, { search, ...(outcome.view === undefined ? {} : { view: outcome.view }) });
  const dictionaries = dictService.prefetch(listDictCodes(page)).catch(() => undefined);
  return list && Promise.all([list, dictionaries]).then(() => undefined);
}

/**
 * A menu click on a page that is ready (its document arrived, see preloadSchemaPage): its list
 * request leaves now, before the click's render. The address a menu entry opens has no search.
 * Resolves once the list's answer (and its dictionaries) are in — the list then starts with its
 * rows —, undefined when nothing was sent.
 */
export function startSchemaPage(viewKey: string, search = ''): Promise<void> | undefined {
  const outcome = resolveSchemaPageNow(viewKey);
  return outcome && sendFirstRequest(runtimeRequest, outcome, search);
}

export function SchemaErrors({ source, errors }: { source: string; errors: readonly SchemaError[] }) {
  return (
    <Result
      status="error"
      title={SCHEMA_ERROR_TITLE}
      subTitle={
        <span>
          源文件：<Typography.Text code>{source}</Typography.Text>
        </span>
      }
    >
      <ul className="schema-errors" style={{ margin: 0, paddingLeft: 20, textAlign: 'left' }}>
        {errors.map((error, i) => (
          <li key={`${error.pointer}#${i}`} style={{ marginBottom: 8 }}>
            <Typography.Text code>{error.pointer === '' ? '/' : error.pointer}</Typography.Text>{' '}
            <Typography.Text>{error.message}</Typography.Text>
            {error.expected !== undefined && <Typography.Text type="secondary">（期望：{error.expected}）</Typography.Text>}
            {error.source !== source && <Typography.Text type="secondary">（{error.source}）</Typography.Text>}
          </li>
        ))}
      </ul>
    </Result>
  );
}

/**
 * Re-rendered only when its inputs change: the route above renders again on every navigation (the
 * router's contexts change), the page's inputs (document, host, search string) do not.
 */
const StablePage = memo(SchemaPage);

function RenderedPage({ result, source, view }: { result: LoadPageResult; source: string; view?: string }) {
  const host = useRuntimeHost();
  // The list's query lives in the page's search string, so a list can be bookmarked and reloaded;
  // a page hidden behind another tab never writes it (see usePageSearch).
  const location = usePageSearch();
  const gridLive = useGridLive();
  if (!result.ok) return <SchemaErrors source={source} errors={result.errors} />;
  // A menu item naming a view the document does not declare: say so rather than show every row.
  if (view !== undefined && !result.page.views.some((v) => v.key === view) && !findStatistics(result.page, view) && !findResult(result.page, view)) {
    return (
      <Result
        status="404"
        title={SCHEMA_VIEW_MISSING_TITLE}
        subTitle={
          <span>
            源文件 <Typography.Text code>{source}</Typography.Text> 没有视图 <Typography.Text code>{view}</Typography.Text>
          </span>
        }
      />
    );
  }
  return <StablePage page={result.page} host={host} dict={dictService} location={location} gridLive={gridLive} view={view} />;
}

/** A document that could not be fetched: where it was to come from and why not. */
export function SchemaLoadFailed({ source, reason }: { source: string; reason: string }) {
  return (
    <Card variant="borderless">
      <Alert type="error" showIcon message={SCHEMA_LOAD_FAILED_TITLE} description={`源文件：${source}；${reason}`} />
    </Card>
  );
}

export interface SchemaRouteProps {
  viewKey: string;
  /** Test seam: the documents to resolve from (default the shipped ones). */
  loaders?: Readonly<Record<string, DocumentLoader>>;
}

export default function SchemaRoute({ viewKey, loaders }: SchemaRouteProps) {
  const host = useRuntimeHost();
  const { search } = usePageSearch();
  // The outcome remembers which key (and document set) it belongs to: another key is loading.
  // A document that has arrived already is compiled (or taken from the compile cache) right here,
  // and the list's request leaves before the page renders.
  const [resolved, setResolved] = useState<{ key: string; loaders?: SchemaRouteProps['loaders']; outcome: Outcome } | null>(() => {
    const now = resolveSchemaPageNow(viewKey, loaders);
    if (!now) return null;
    void sendFirstRequest(host.request, now, search);
    return { key: viewKey, loaders, outcome: now };
  });
  const current = resolved !== null && resolved.key === viewKey && resolved.loaders === loaders;

  useEffect(() => {
    if (current) return;
    let live = true;
    void resolveSchemaPage(viewKey, loaders).then((outcome) => {
      if (!live) return;
      void sendFirstRequest(host.request, outcome, search);
      setResolved({ key: viewKey, loaders, outcome });
    });
    return () => {
      live = false;
    };
  }, [viewKey, loaders, current, host.request, search]);

  const outcome: Outcome = current ? resolved.outcome : { kind: 'loading' };
  switch (outcome.kind) {
    case 'loading':
      return (
        <div className="page-loading">
          <Spin size="large" />
        </div>
      );
    case 'missing':
      return (
        <Result
          status="404"
          title={SCHEMA_MISSING_TITLE}
          subTitle={
            <span>
              源文件：<Typography.Text code>{outcome.source}</Typography.Text>
            </span>
          }
        />
      );
    case 'failed':
      return <SchemaLoadFailed source={outcome.source} reason={outcome.reason} />;
    case 'loaded':
      return <RenderedPage result={outcome.result} source={outcome.source} view={outcome.view} />;
  }
}
