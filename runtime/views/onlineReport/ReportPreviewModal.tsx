/**
 * 预览 of the designer: the first rows of the unsaved configuration (POST /online/cgreportHead/preview),
 * run with the parameters' defaults; the parameter boxes above the table run it again with other values.
 */
import { Alert, Button, Empty, Input, Modal, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { Host } from '../../host/types';
import { previewReport } from '../../onlineReport/designerApi';
import { previewColumns, type ReportConfig } from '../../onlineReport/designerModel';
import { DESIGNER_TEXTS } from './texts';

interface ReportPreviewModalProps {
  host: Host;
  config: ReportConfig;
  onClose(): void;
}

type Row = Record<string, unknown>;

/** Preview rows have no id of their own: each gets its position under a name no SQL column takes. */
const ROW_KEY = '__previewRow';

const cell = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

export function ReportPreviewModal({ host, config, onClose }: ReportPreviewModalProps) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(config.params.map((p) => [p.paramName, p.paramValue])));
  const [answer, setAnswer] = useState<{ columns: Array<{ title: string; dataIndex: string }>; records: Row[]; total: number }>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(true);

  const run = useCallback(
    async (typed: Record<string, string>) => {
      const result = await previewReport(host, config, typed).catch(() => undefined);
      setLoading(false);
      if (!result) return;
      if (!result.success || !result.result) {
        setError(result.message || DESIGNER_TEXTS.failed);
        setAnswer(undefined);
        return;
      }
      setError(undefined);
      const records = result.result.records ?? [];
      setAnswer({ columns: previewColumns(config, result.result.columns), records, total: Number(result.result.total ?? records.length) || 0 });
    },
    [host, config],
  );

  const rerun = () => {
    setLoading(true);
    void run(values);
  };

  // The first run, with the defaults, as the modal opens.
  useEffect(() => {
    void (async () => {
      await run(Object.fromEntries(config.params.map((p) => [p.paramName, p.paramValue])));
    })();
  }, [run, config.params]);

  return (
    <Modal open title={DESIGNER_TEXTS.previewTitle(config.head.name || config.head.code)} width={1000} footer={null} onCancel={onClose} destroyOnHidden>
      {config.params.length > 0 && (
        <Space wrap style={{ marginBottom: 12 }}>
          {config.params.map((param) => (
            <Space.Compact key={param.paramName}>
              <Typography.Text style={{ padding: '4px 8px 0 0' }}>{`${param.paramTxt || param.paramName}：`}</Typography.Text>
              <Input
                aria-label={param.paramTxt || param.paramName}
                style={{ width: 180 }}
                value={values[param.paramName] ?? ''}
                onChange={(event) => setValues({ ...values, [param.paramName]: event.target.value })}
                onPressEnter={rerun}
              />
            </Space.Compact>
          ))}
          <Button type="primary" onClick={rerun}>
            {DESIGNER_TEXTS.run}
          </Button>
        </Space>
      )}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Table<Row>
        className="online-report-preview"
        size="small"
        bordered
        loading={loading}
        rowKey={ROW_KEY}
        columns={(answer?.columns ?? []).map((column) => ({ ...column, key: column.dataIndex, render: cell }))}
        dataSource={(answer?.records ?? []).map((record, index) => ({ ...record, [ROW_KEY]: index }))}
        pagination={false}
        scroll={{ x: 'max-content', y: 420 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
        footer={answer ? () => DESIGNER_TEXTS.previewTotal(answer.records.length, answer.total) : undefined}
      />
    </Modal>
  );
}
