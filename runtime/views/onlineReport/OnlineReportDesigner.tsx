/**
 * 报表配置's designer (row view `onlineReportDesigner`; with no row it designs a new report, the
 * page's 新增 through list.addView): 报表编码, 报表名称, 数据源, the SQL with 解析SQL, the columns and
 * the parameters, 预览, and 保存 through saveAll (POST new, PUT edit). The model is headless
 * (runtime/onlineReport/designerModel.ts); this file lays it out. The server's refusals (which
 * column, which parameter) show above the tabs and as a message.
 */
import { Alert, Button, Col, Form, Input, Modal, Row, Select, Space, Spin, Tabs } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDictService } from '../../dict/dictContext';
import { DESIGNER_CODES, loadReportConfig, parseSql, saveReportConfig } from '../../onlineReport/designerApi';
import {
  addParam,
  configFromAnswer,
  configProblem,
  emptyConfig,
  mergeParsed,
  moveItem,
  removeParam,
  updateItem,
  updateParam,
  type ReportConfig,
  type ReportHead,
} from '../../onlineReport/designerModel';
import type { RowViewProps } from '../rowViews/registry';
import { ReportItemsTable } from './ReportItemsTable';
import { ReportParamsTable } from './ReportParamsTable';
import { ReportPreviewModal } from './ReportPreviewModal';
import { DESIGNER_TEXTS } from './texts';

/** The page's dbSource field names the dictionary of 数据源 (e.g. sys_data_source,name,code); none: the main database only. */
function useDataSources(props: RowViewProps): Array<{ value: string; label: string }> {
  const dict = useDictService(props.host);
  const dictCode = props.page.fieldByName.get('dbSource')?.dict?.dictCode;
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([]);
  useEffect(() => {
    if (!dictCode) return;
    let live = true;
    void dict
      .getItems(dictCode)
      .then((items) => live && setOptions(items.map((item) => ({ value: String(item.value), label: item.text }))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dict, dictCode]);
  return useMemo(() => [{ value: '', label: DESIGNER_TEXTS.mainDb }, ...options], [options]);
}

export function OnlineReportDesigner(props: RowViewProps) {
  const { host, row, onClose, onChanged } = props;
  const id = typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : undefined;
  const [config, setConfig] = useState<ReportConfig | undefined>(() => (id ? undefined : emptyConfig()));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'parse' | 'save' | undefined>();
  const [previewing, setPreviewing] = useState<ReportConfig>();
  const [tab, setTab] = useState('items');
  const dataSources = useDataSources(props);
  // The list hands a new onClose on each of its renders: loading must not start again for that.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    if (!id) return;
    let live = true;
    loadReportConfig(host, id)
      .then((answer) => {
        if (!live) return;
        if (answer.success && answer.result) setConfig(configFromAnswer(answer.result));
        else {
          host.notify.warning(answer.message || DESIGNER_TEXTS.loadFailed);
          close.current();
        }
      })
      .catch(() => live && close.current());
    return () => {
      live = false;
    };
  }, [host, id]);

  const refuse = (message: string) => {
    setError(message);
    host.notify.warning(message);
  };
  const setHead = (patch: Partial<ReportHead>) => setConfig((current) => current && { ...current, head: { ...current.head, ...patch } });

  const parse = async () => {
    if (!config) return;
    if (config.head.cgrSql.trim() === '') return refuse(configProblem({ ...config, items: [] }, 'preview') ?? DESIGNER_TEXTS.failed);
    setBusy('parse');
    const answer = await parseSql(host, config.head.cgrSql, config.head.dbSource).catch(() => undefined);
    setBusy(undefined);
    if (!answer) return;
    if (!answer.success || !answer.result) return refuse(answer.message || DESIGNER_TEXTS.failed);
    setError(undefined);
    setConfig((current) => current && mergeParsed(current, answer.result));
    host.notify.success(DESIGNER_TEXTS.parsed(answer.result.columns.length, answer.result.params.length));
  };

  const preview = () => {
    if (!config) return;
    const problem = configProblem(config, 'preview');
    if (problem) return refuse(problem);
    setError(undefined);
    setPreviewing(config);
  };

  const save = async () => {
    if (!config) return;
    const problem = configProblem(config, 'save');
    if (problem) return refuse(problem);
    setBusy('save');
    const answer = await saveReportConfig(host, config).catch(() => undefined);
    setBusy(undefined);
    if (!answer) return;
    if (!answer.success) return refuse(answer.message || DESIGNER_TEXTS.failed);
    host.notify.success(answer.message || DESIGNER_TEXTS.saved);
    onChanged?.();
    onClose();
  };

  const title = id ? DESIGNER_TEXTS.editTitle(config?.head.name ?? '') : DESIGNER_TEXTS.addTitle;
  return (
    <Modal
      open
      className="online-report-designer"
      title={title}
      width={1200}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space>
          {id && (
            <Button
              onClick={() => {
                // The dialog belongs to the list's tab: it must not stay over the report's page.
                onClose();
                host.navigate(`/online/cgreport/${encodeURIComponent(id)}`);
              }}
            >
              {DESIGNER_TEXTS.test}
            </Button>
          )}
          <Button onClick={onClose}>{DESIGNER_TEXTS.close}</Button>
          <Button type="primary" loading={busy === 'save'} disabled={!config} onClick={() => void save()}>
            {DESIGNER_TEXTS.save}
          </Button>
        </Space>
      }
    >
      {!config ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : (
        <>
          <Form layout="vertical" component="div">
            <Row gutter={16}>
              <Col span={8}>
                <Form.Item label={DESIGNER_TEXTS.code} required htmlFor="online-report-code">
                  <Input id="online-report-code" value={config.head.code} maxLength={64} onChange={(event) => setHead({ code: event.target.value })} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label={DESIGNER_TEXTS.name} required htmlFor="online-report-name">
                  <Input id="online-report-name" value={config.head.name} maxLength={100} onChange={(event) => setHead({ name: event.target.value })} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label={DESIGNER_TEXTS.dbSource}>
                  <Select aria-label={DESIGNER_TEXTS.dbSource} value={config.head.dbSource} options={dataSources} onChange={(dbSource: string) => setHead({ dbSource })} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label={DESIGNER_TEXTS.sql} required htmlFor="online-report-sql" style={{ marginBottom: 8 }}>
              <Input.TextArea
                id="online-report-sql"
                value={config.head.cgrSql}
                rows={5}
                maxLength={20000}
                spellCheck={false}
                placeholder={DESIGNER_TEXTS.sqlPlaceholder}
                style={{ fontFamily: 'Consolas, Menlo, monospace' }}
                onChange={(event) => setHead({ cgrSql: event.target.value })}
              />
            </Form.Item>
          </Form>
          <Space style={{ marginBottom: 12 }}>
            {host.hasPermission(DESIGNER_CODES.parse) && (
              <Button type="primary" loading={busy === 'parse'} onClick={() => void parse()}>
                {DESIGNER_TEXTS.parse}
              </Button>
            )}
            {host.hasPermission(DESIGNER_CODES.preview) && <Button onClick={preview}>{DESIGNER_TEXTS.preview}</Button>}
          </Space>
          {error && <Alert className="online-report-error" type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'items',
                label: `${DESIGNER_TEXTS.itemsTab}（${config.items.length}）`,
                children: (
                  <ReportItemsTable
                    items={config.items}
                    onChange={(index, patch) => setConfig((current) => current && updateItem(current, index, patch))}
                    onMove={(index, step) => setConfig((current) => current && moveItem(current, index, step))}
                  />
                ),
              },
              {
                key: 'params',
                label: `${DESIGNER_TEXTS.paramsTab}（${config.params.length}）`,
                children: (
                  <ReportParamsTable
                    params={config.params}
                    onChange={(index, patch) => setConfig((current) => current && updateParam(current, index, patch))}
                    onAdd={() => setConfig((current) => current && addParam(current))}
                    onRemove={(index) => setConfig((current) => current && removeParam(current, index))}
                  />
                ),
              },
            ]}
          />
        </>
      )}
      {previewing && <ReportPreviewModal host={host} config={previewing} onClose={() => setPreviewing(undefined)} />}
    </Modal>
  );
}
