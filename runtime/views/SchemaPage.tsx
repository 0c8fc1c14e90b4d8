/**
 * The generic page of the page language: given a compiled page and a host, the list with its
 * query bar, toolbar and table, plus the add / edit / detail form and the import dialog. Adding an
 * entity needs a page document and nothing else; the web app only hands in its host.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Card, Col, Row as GridRow } from 'antd';
import type { DictService } from '../dict/dictService';
import type { Host } from '../host/types';
import type { ListLocation } from '../list/useListController';
import type { ListTotal } from '../list/types';
import { LIST_COUNT_LIMIT } from '../contract/listQuery';
import type { CompiledCustomRowAction, CompiledDrawerRowAction, CompiledPage } from '../schema/compiledPageTypes';
import { RowViewOf, type RowViewName } from './rowViews/registry';
import { DictServiceProvider, useDictService } from '../dict/dictContext';
import type { Row } from './list/listColumns';
import { SchemaList } from './list/SchemaList';
import { TOOLBAR_TEXTS } from './list/ListToolbar';
import { rowAddValues, rowCallParams } from './list/rowActions';
import { SchemaGridPage, type GridLive } from './grid/SchemaGridPage';
import { PageHeader } from './layout/PageHeader';
import { mayAdd, requestsAdd, withoutAction } from './openAction';
import { usePageHeader } from './layout/usePageHeader';
import { useViewTotal, useViewTotalStore, type ViewTotal } from './layout/viewTotal';
import { TreeManageView } from './tree/TreeManageView';
import { TreePane } from './tree/TreePane';
import { recordPath } from './record/recordPageModel';
import { findStatistics } from '../schema/statistics';
import { findResult } from '../schema/results';

// The dialogs load on first use, so a list opens without the form and import code.
const FormModal = lazy(() => import('./form/FormModal').then((module) => ({ default: module.FormModal })));
const ImportModal = lazy(() => import('./import/ImportModal').then((module) => ({ default: module.ImportModal })));
const RowActionFormModal = lazy(() => import('./rowAction/RowActionFormModal').then((module) => ({ default: module.RowActionFormModal })));
const RowActionTableModal = lazy(() => import('./rowAction/RowActionTableModal').then((module) => ({ default: module.RowActionTableModal })));
const RecycleBinModal = lazy(() => import('./recycleBin/RecycleBinModal').then((module) => ({ default: module.RecycleBinModal })));
const TestBoxModal = lazy(() => import('./list/TestBoxModal').then((module) => ({ default: module.TestBoxModal })));
const MonitorPanel = lazy(() => import('./monitor/MonitorPanel').then((module) => ({ default: module.MonitorPanel })));
const DetailDrawer = lazy(() => import('./drawer/DetailDrawer').then((module) => ({ default: module.DetailDrawer })));
// A result page (结果页) loads only where a menu item opens one.
const ResultView = lazy(() => import('./result/ResultView').then((module) => ({ default: module.ResultView })));
// 统计报表 (a report of the page's `statistics`) load only where a menu item opens one.
const StatisticsView = lazy(() => import('./statistics/StatisticsView').then((module) => ({ default: module.StatisticsView })));

export interface SchemaPageProps {
  page: CompiledPage;
  host: Host;
  /** The web app's dictionary service; default one per host. */
  dict?: DictService;
  /** Query, sort and page in the URL; without it they live in memory. */
  location?: ListLocation;
  /** The live socket of grid pages (a document with a `grid` section); without it grids do not sync. */
  gridLive?: GridLive;
  /**
   * Field values every list request carries and every added record gets (the detail list of a
   * master–detail drawer: `{dictId: <the dictionary's id>}`).
   */
  fixedValues?: Readonly<Record<string, string>>;
  /**
   * The named view the menu item opens (`views[]` key): every list and export request carries
   * `view=<key>` (the server applies its filter) and the header shows its title and row count.
   */
  view?: string;
  /** Values an added record starts with besides fixedValues, not list filters (a case's number beside its id). */
  addValues?: Readonly<Record<string, string>>;
}

/**
 * 在办案件 · 共 23 件 once the list has answered, the title alone before; 共 超过10000 件 when the
 * server stopped counting (its total is then only a lower bound).
 */
export function viewHeaderTitle(title: string, total: ListTotal | undefined): string {
  if (total === undefined) return title;
  return total.exact ? `${title} · 共 ${total.total} 件` : `${title} · 共 超过${LIST_COUNT_LIMIT} 件`;
}

/** The view's title with the count its list last reported; only this renders again when it changes. */
function ViewTitle({ title, total }: { title: string; total: ViewTotal }) {
  return <>{viewHeaderTitle(title, useViewTotal(total))}</>;
}

/** What opens over the list: one at a time. */
type Overlay =
  | { kind: 'recycleBin' }
  | { kind: 'drawer'; action: CompiledDrawerRowAction; row: Row }
  | { kind: 'testBox'; action: CompiledCustomRowAction; rowId: string }
  | { kind: 'rowDialog'; action: CompiledCustomRowAction; params: Record<string, string> }
  | { kind: 'rowView'; view: RowViewName; title: string; row: Row };

type FormState = { mode: 'add'; presets?: Record<string, string> } | { mode: 'edit' | 'detail'; record: Row };

export function SchemaPage({ page, host, dict: given, location, gridLive, fixedValues, view, addValues }: SchemaPageProps) {
  const fallback = useDictService(host);
  const dict = given ?? fallback;
  const [form, setForm] = useState<FormState | null>(null);
  const [importing, setImporting] = useState(false);
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const [reloadToken, setReloadToken] = useState(0);
  const reload = () => setReloadToken((token) => token + 1);
  const header = usePageHeader(page.header, location);
  // list.treeFilter: the chosen node of the tree pane limits the list (`<param>=<node key>`).
  // In a master–detail drawer that already fixes the tree's parameter, the tree would only contradict it.
  const declaredTreeFilter = page.document.list.treeFilter;
  const treeFilter = declaredTreeFilter && fixedValues && Object.hasOwn(fixedValues, declaredTreeFilter.param) ? undefined : declaredTreeFilter;
  const [treeKey, setTreeKey] = useState<string | undefined>();
  // A drawer's detail list keeps to its master's rows; a tree pane narrows it to the chosen node.
  const activeView = view === undefined ? undefined : page.views.find((v) => v.key === view);
  const viewTotal = useViewTotalStore();
  const headerParams = activeView ? { ...header.params, view: activeView.key } : header.params;
  const baseParams = fixedValues ? { ...headerParams, ...fixedValues } : headerParams;
  const listParams = treeFilter && treeKey !== undefined ? { ...baseParams, [treeFilter.param]: treeKey } : baseParams;

  // 新增: the add form, or the registered view the page names for it (list.addView) with no row.
  const addView = page.document.list.addView;
  const openAdd = (presets?: Record<string, string>) =>
    addView ? setOverlay({ kind: 'rowView', view: addView, title: TOOLBAR_TEXTS.add, row: {} }) : setForm({ mode: 'add', presets });

  // ?action=add (a 快捷入口 of the home page): the add form over the list, then the address without it.
  const search = location?.search ?? '';
  const setSearch = location?.setSearch;
  const addRequested = !page.document.grid && requestsAdd(search);
  // Adjusted while rendering (as React recommends over an effect), once per address that asks.
  const [answered, setAnswered] = useState<string | null>(null);
  if (addRequested && answered !== search) {
    setAnswered(search);
    if (mayAdd(page, host)) openAdd();
  } else if (!addRequested && answered !== null) {
    setAnswered(null);
  }
  useEffect(() => {
    if (addRequested) setSearch?.(withoutAction(search));
  }, [addRequested, search, setSearch]);

  // A menu item opening one of the page's reports (schema/<module>/<entity>/<report key>).
  const report = view === undefined ? undefined : findStatistics(page, view);
  if (report) {
    return (
      <DictServiceProvider value={dict}>
        <Suspense fallback={<Card variant="borderless" className="schema-page" loading />}>
          <StatisticsView page={page} report={report} host={host} />
        </Suspense>
      </DictServiceProvider>
    );
  }

  // A menu item opening one of the page's results (结果页): the result alone, with no saved record.
  const result = view === undefined || report ? undefined : findResult(page, view);
  if (result) {
    return (
      <Card variant="borderless" className="schema-page schema-result-page">
        <Suspense fallback={null}>
          <ResultView result={result} page={page} host={host} dict={dict} />
        </Suspense>
      </Card>
    );
  }

  // A tree entity edited as a tree (treeManage) instead of a list.
  if (page.document.treeManage) {
    return (
      <DictServiceProvider value={dict}>
        <Card variant="borderless" className="schema-page schema-tree-page">
          <TreeManageView page={page} host={host} dict={dict} manage={page.document.treeManage} />
        </Card>
      </DictServiceProvider>
    );
  }

  // A grid page edits its rows in place instead of the list and its form.
  if (page.document.grid) {
    return (
      <DictServiceProvider value={dict}>
        <Card variant="borderless" className="schema-page schema-grid-page">
          <SchemaGridPage page={page} host={host} dict={dict} live={gridLive} />
        </Card>
      </DictServiceProvider>
    );
  }

  const list = (
    <SchemaList
      baseParams={listParams}
      onTotal={activeView ? viewTotal.report : undefined}
      page={page}
      host={host}
      dict={dict}
      location={location}
      reloadToken={reloadToken}
      // A new record starts on the node chosen in the tree pane (数据规则: the chosen menu).
      onAdd={() => openAdd(treeFilter && treeKey !== undefined && page.fields.some((f) => f.name === treeFilter.param) ? { [treeFilter.param]: treeKey } : undefined)}
      onEdit={(record) => setForm({ mode: 'edit', record })}
      // A page with a record page (案件) opens it at its one generic address; others show the detail modal.
      onDetail={(record) =>
        page.document.recordPage && (typeof record.id === 'string' || typeof record.id === 'number')
          ? host.navigate(recordPath(page, String(record.id)))
          : setForm({ mode: 'detail', record })
      }
      onImport={() => setImporting(true)}
      onUploadAdd={(values) => setForm({ mode: 'add', presets: { ...fixedValues, ...values } })}
      onRowDialog={(action, record) => {
        const params = rowCallParams(action, record);
        if (params) setOverlay({ kind: 'rowDialog', action, params });
      }}
      onRowView={(action, row) => setOverlay({ kind: 'rowView', view: action.view, title: action.title, row })}
      onRecycleBin={() => setOverlay({ kind: 'recycleBin' })}
      onRowDrawer={(action, row) => setOverlay({ kind: 'drawer', action, row })}
      onRowAdd={(action, row) => setForm({ mode: 'add', presets: rowAddValues(action, row) })}
      onRowInput={(action, row) => setOverlay({ kind: 'testBox', action, rowId: typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : '' })}
    />
  );

  return (
    <DictServiceProvider value={dict}>
      <Card variant="borderless" className="schema-page">
        {activeView && !page.header && <PageHeader title={<ViewTitle title={activeView.title} total={viewTotal} />} />}
        {page.header && (
          <PageHeader
            title={activeView ? <ViewTitle title={activeView.title} total={viewTotal} /> : page.header.title}
            description={page.header.description}
            search={page.header.search ? { placeholder: page.header.search.placeholder, value: header.state.keyword, onSearch: header.setKeyword } : undefined}
            tabs={
              page.header.tabs.length > 0
                ? { items: page.header.tabs.map((tab) => ({ key: tab.key, label: tab.title })), activeKey: header.state.tab, onChange: header.setTab }
                : undefined
            }
          />
        )}
        {/* Under the page's title and description, which say what the live figures are. */}
        {page.document.monitor && (
          <Suspense fallback={null}>
            <MonitorPanel monitor={page.document.monitor} apiPath={page.entity.apiPath} host={host} onRefresh={reload} />
          </Suspense>
        )}
        {treeFilter ? (
          <GridRow gutter={16} className="tree-filtered-list">
            <Col xs={24} md={8} lg={6}>
              <TreePane
                host={host}
                source={treeFilter.source}
                title={treeFilter.title ?? '分类'}
                searchPlaceholder={treeFilter.searchPlaceholder}
                selectedKey={treeKey}
                onSelect={(node) => setTreeKey(node?.key)}
                // A save may change what the tree shows (数据规则's rule counts per menu).
                reloadToken={reloadToken}
              />
            </Col>
            <Col xs={24} md={16} lg={18}>
              {list}
            </Col>
          </GridRow>
        ) : (
          list
        )}
      </Card>
      <Suspense fallback={null}>
        {form && (
          <FormModal
            page={page}
            host={host}
            mode={form.mode}
            record={form.mode === 'add' ? undefined : form.record}
            open
            onClose={() => setForm(null)}
            fixedValues={fixedValues}
            presetValues={form.mode === 'add' ? (addValues ? { ...addValues, ...form.presets } : form.presets) : undefined}
            onSaved={() => {
              setForm(null);
              reload();
            }}
          />
        )}
        {overlay?.kind === 'rowDialog' && overlay.action.form && (
          <RowActionFormModal
            page={page}
            host={host}
            action={{ ...overlay.action, form: overlay.action.form }}
            params={overlay.params}
            onClose={() => setOverlay(null)}
            onDone={reload}
          />
        )}
        {overlay?.kind === 'rowDialog' && overlay.action.table && (
          <RowActionTableModal host={host} action={{ ...overlay.action, table: overlay.action.table }} params={overlay.params} onClose={() => setOverlay(null)} />
        )}
        {overlay?.kind === 'rowView' && (
          <RowViewOf name={overlay.view} page={page} host={host} row={overlay.row} title={overlay.title} onClose={() => setOverlay(null)} onChanged={reload} />
        )}
        {importing && (
          <ImportModal
            page={page}
            host={host}
            open
            onClose={() => setImporting(false)}
            onImported={reload}
          />
        )}
        {overlay?.kind === 'recycleBin' && (
          <RecycleBinModal
            page={page}
            host={host}
            dict={dict}
            onClose={() => {
              setOverlay(null);
              reload();
            }}
          />
        )}
        {overlay?.kind === 'drawer' && <DetailDrawer action={overlay.action} row={overlay.row} host={host} dict={dict} onClose={() => setOverlay(null)} />}
        {overlay?.kind === 'testBox' && <TestBoxModal action={overlay.action} host={host} rowId={overlay.rowId} onClose={() => setOverlay(null)} />}
      </Suspense>
    </DictServiceProvider>
  );
}

export default SchemaPage;
