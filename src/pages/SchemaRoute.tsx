/**
 * The view of every `schema/<module>/<entity>` menu key: loads schemas/pages/<module>/<entity>.json,
 * compiles it once (loadPageSchema) and renders it with the one interpreter (SchemaPage). A broken
 * document shows what is wrong and where (file, JSON pointer, message) and breaks only this page.
 */
import { useEffect, useState } from 'react';
import { Alert, Card, Result, Spin, Typography } from 'antd';
import { loadPageSchema, type LoadPageResult } from '../../runtime/schema/loadPageSchema';
import type { SchemaError } from '../../runtime/schema/schemaError';
import { SchemaPage } from '../../runtime/views/SchemaPage';
import { registerBuiltinWidgets } from '../../runtime/views/registerBuiltinWidgets';
import { usePageSearch } from '../layouts/BasicLayout/usePageSearch';
import { useGridLive } from '../realtime/useGridLive';
import { dictService, useRuntimeHost } from '../runtimeHost';
import { documentLoaders, parseSchemaViewKey, schemaSource, type DocumentLoader } from './schemaDocuments';

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

/** Resolves a view key to its compiled page (or why there is none). */
export async function resolveSchemaPage(
  viewKey: string,
  loaders: Readonly<Record<string, DocumentLoader>> = documentLoaders(),
): Promise<Exclude<Outcome, { kind: 'loading' }>> {
  const parsed = parseSchemaViewKey(viewKey);
  if (!parsed) return { kind: 'missing', source: viewKey };
  const source = schemaSource(parsed.module, parsed.entity);
  const loader = loaders[`/${source}`];
  if (!loader) return { kind: 'missing', source };
  try {
    const doc = await loader();
    return { kind: 'loaded', result: loadPageSchema(doc, source), source, ...(parsed.view === undefined ? {} : { view: parsed.view }) };
  } catch (error) {
    return { kind: 'failed', source, reason: error instanceof Error ? error.message : String(error) };
  }
}

function SchemaErrors({ source, errors }: { source: string; errors: readonly SchemaError[] }) {
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

function RenderedPage({ result, source, view }: { result: LoadPageResult; source: string; view?: string }) {
  const host = useRuntimeHost();
  // The list's query lives in the page's search string, so a list can be bookmarked and reloaded;
  // a page hidden behind another tab never writes it (see usePageSearch).
  const location = usePageSearch();
  const gridLive = useGridLive();
  if (!result.ok) return <SchemaErrors source={source} errors={result.errors} />;
  // A menu item naming a view the document does not declare: say so rather than show every row.
  if (view !== undefined && !result.page.views.some((v) => v.key === view)) {
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
  return <SchemaPage page={result.page} host={host} dict={dictService} location={location} gridLive={gridLive} view={view} />;
}

export interface SchemaRouteProps {
  viewKey: string;
  /** Test seam: the documents to resolve from (default the shipped ones). */
  loaders?: Readonly<Record<string, DocumentLoader>>;
}

export default function SchemaRoute({ viewKey, loaders }: SchemaRouteProps) {
  // The outcome remembers which key (and document set) it belongs to: another key is loading.
  const [resolved, setResolved] = useState<{ key: string; loaders?: SchemaRouteProps['loaders']; outcome: Outcome } | null>(null);

  useEffect(() => {
    let live = true;
    void resolveSchemaPage(viewKey, loaders).then((outcome) => {
      if (live) setResolved({ key: viewKey, loaders, outcome });
    });
    return () => {
      live = false;
    };
  }, [viewKey, loaders]);

  const outcome: Outcome =
    resolved && resolved.key === viewKey && resolved.loaders === loaders ? resolved.outcome : { kind: 'loading' };
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
      return (
        <Card variant="borderless">
          <Alert
            type="error"
            showIcon
            message={SCHEMA_LOAD_FAILED_TITLE}
            description={`源文件：${outcome.source}；${outcome.reason}`}
          />
        </Card>
      );
    case 'loaded':
      return <RenderedPage result={outcome.result} source={outcome.source} view={outcome.view} />;
  }
}
