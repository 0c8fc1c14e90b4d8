/**
 * A record as a page of its own (`recordPage`; 案件详情 at /record/receive/receive/<id>): the record's
 * title, the figures the server computes (GET <apiPath>/recordSummary), then the declared tabs —
 * the record's fields with dictionary texts, other pages' lists limited to the record (editable ones
 * are the page itself, adding with the record's id), its files, and its data-log versions with the
 * 数据日志 page's compare. The record is read with queryById, so it is one the user may see.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Card, Col, Empty, Row, Spin, Statistic, Tabs, Typography } from 'antd';
import { entityEndpoint } from '../../contract/entityEndpoints';
import type { DictService } from '../../dict/dictService';
import type { PageRecordPage, PageRecordTab } from '../../generated/page';
import type { Host } from '../../host/types';
import type { CompiledField, CompiledPage } from '../../schema/compiledPageTypes';
import { DetailView } from '../form/DetailView';
import { RelatedList } from '../tree/RelatedList';
import { dataLogParams, formatAmount, RECORD_SUMMARY_ENDPOINT, recordTitle, tabFill, type SummaryFigure } from './recordPageModel';

export interface RecordPageViewProps {
  page: CompiledPage;
  declared: PageRecordPage;
  id: string;
  host: Host;
  dict: DictService;
  /** Told the record's title once it is read (the web app names its tab with it). */
  onTitle?(title: string): void;
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; record: Record<string, unknown> };

const DATA_LOG_PAGE = 'sys/dataLog';

function Figures({ figures }: { figures: readonly SummaryFigure[] }) {
  if (figures.length === 0) return null;
  return (
    <Row gutter={[16, 12]} className="record-summary" style={{ marginBottom: 16 }}>
      {figures.map((figure) => (
        <Col key={figure.key} xs={12} md={8} lg={Math.max(4, Math.floor(24 / figures.length))}>
          <Card size="small" data-figure={figure.key}>
            <Statistic title={figure.title} value={formatAmount(figure.value)} />
            {figure.groups && figure.groups.length > 0 && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {figure.groups.map((g) => `${g.text} ${formatAmount(g.amount)}`).join('；')}
              </Typography.Text>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export function RecordPageView({ page, declared, id, host, dict, onTitle }: RecordPageViewProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [figures, setFigures] = useState<SummaryFigure[]>([]);
  const [figuresToken, setFiguresToken] = useState(0);

  useEffect(() => {
    let live = true;
    host.request.get<Record<string, unknown>>(entityEndpoint(page.entity.apiPath, 'queryById'), { id }).then(
      (answer) => {
        if (!live) return;
        if (answer.success && answer.result) setLoaded({ state: 'ready', record: answer.result });
        else setLoaded({ state: 'failed', message: answer.message || '未找到对应数据' });
      },
      () => live && setLoaded({ state: 'failed', message: '加载失败' }),
    );
    return () => {
      live = false;
    };
  }, [host, page, id]);

  useEffect(() => {
    if (loaded.state === 'ready') onTitle?.(recordTitle(page, loaded.record));
  }, [loaded, page, onTitle]);

  useEffect(() => {
    if (!declared.summary?.length) return;
    let live = true;
    host.request.get<SummaryFigure[]>(`${page.entity.apiPath}/${RECORD_SUMMARY_ENDPOINT}`, { id }).then(
      (answer) => live && answer.success && setFigures(answer.result ?? []),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [host, page, declared, id, figuresToken]);

  if (loaded.state === 'loading') return <Spin size="large" style={{ display: 'block', margin: '48px auto' }} />;
  if (loaded.state === 'failed') return <Alert type="warning" showIcon message={loaded.message} style={{ margin: 24 }} />;
  const { record } = loaded;

  const fieldsOf = (names: readonly string[] | undefined): CompiledField[] | undefined =>
    names?.flatMap((name) => {
      const field = page.fieldByName.get(name) ?? page.detail.fields.find((f) => f.name === name);
      return field ? [field] : [];
    });

  const body = (tab: PageRecordTab): ReactNode => {
    switch (tab.type) {
      case 'fields':
        if (tab.groups) {
          // Titled sections (描述列表), as the form groups the same fields.
          return tab.groups.map((group) => (
            <section key={group.title} className="record-group" data-group={group.title} style={{ marginBottom: 24 }}>
              <Typography.Title level={5} style={{ marginBottom: 12 }}>
                {group.title}
              </Typography.Title>
              <DetailView page={page} record={record} dict={dict} host={host} fields={fieldsOf(group.fields)} />
            </section>
          ));
        }
        return <DetailView page={page} record={record} dict={dict} host={host} fields={fieldsOf(tab.fields)} />;
      case 'files': {
        const fields = fieldsOf(tab.fields) ?? [];
        const empty = fields.every((f) => record[f.name] === null || record[f.name] === undefined || record[f.name] === '');
        return empty ? <Empty description="暂无附件" /> : <DetailView page={page} record={record} dict={dict} host={host} fields={fields} columns={1} />;
      }
      case 'related':
        return <RelatedList host={host} pageRef={tab.page ?? ''} param={tab.param ?? ''} nodeKey={id} editable={tab.editable ?? false} addValues={tabFill(tab.fill, record)} />;
      case 'dataLog':
        return <RelatedList host={host} pageRef={DATA_LOG_PAGE} param="dataId" nodeKey={id} extraParams={dataLogParams(page, id)} />;
    }
  };

  return (
    <Card variant="borderless" title={recordTitle(page, record)} className="record-page">
      <Figures figures={figures} />
      {/* One tab needs no tab strip: the page is that tab (详情页（基础）). */}
      {declared.tabs.length === 1 ? (
        body(declared.tabs[0])
      ) : (
        <Tabs
          destroyOnHidden
          // Figures follow what the tabs change (a cost added in 费用, hours in 工时).
          onChange={() => setFiguresToken((token) => token + 1)}
          items={declared.tabs.map((tab, i) => ({ key: `${tab.type}:${i}`, label: tab.title, children: body(tab) }))}
        />
      )}
    </Card>
  );
}

export default RecordPageView;
