/**
 * The 数据比较 button of a list with `list.compare`: with exactly two rows checked it asks the page's
 * compare endpoint for both versions and shows them side by side, each changed field marked.
 */
import { useState } from 'react';
import { DiffOutlined } from '@ant-design/icons';
import { Button, Modal, Table, Tag, Typography } from 'antd';
import type { Host } from '../../host/types';
import type { RowKey } from '../../list/types';
import { COMPARE_MESSAGES, compareVersions, type CompareRecord, type CompareRow, type ComparedVersions } from '../../list/compareVersions';
import type { CompiledCompare } from '../../schema/compiledPageTypes';

export interface CompareButtonProps {
  compare: CompiledCompare;
  host: Host;
  selectedRowKeys: readonly RowKey[];
}

const CHANGED_STYLE = { color: '#cf1322', fontWeight: 600 } as const;

export function CompareButton({ compare, host, selectedRowKeys }: CompareButtonProps) {
  const [loading, setLoading] = useState(false);
  const [shown, setShown] = useState<ComparedVersions>();
  // The dialog mounts the first time it shows (then stays, for its closing animation): the list's
  // first render has no dialog to make.
  const [opened, setOpened] = useState(false);
  if (shown !== undefined && !opened) setOpened(true);
  if (!host.hasPermission(compare.permission)) return null;

  const open = async () => {
    if (selectedRowKeys.length !== 2) {
      host.notify.warning(COMPARE_MESSAGES.selectTwo);
      return;
    }
    setLoading(true);
    try {
      const [dataId1, dataId2] = selectedRowKeys.map(String);
      const answer = await host.request.get<CompareRecord[]>(compare.url, { dataId1, dataId2 });
      if (!answer.success) {
        host.notify.warning(answer.message);
        return;
      }
      const compared = compareVersions(answer.result ?? [], compare.contentField, compare.versionField);
      if (!compared) host.notify.warning(COMPARE_MESSAGES.unreadable);
      else setShown(compared);
    } catch {
      // The request layer has told the user already.
    } finally {
      setLoading(false);
    }
  };

  const cell = (index: 0 | 1) => (_: unknown, row: CompareRow) => (
    <Typography.Text style={row.changed ? CHANGED_STYLE : undefined}>{row.values[index] || '—'}</Typography.Text>
  );

  return (
    <>
      <Button icon={<DiffOutlined />} loading={loading} onClick={() => void open()}>
        {compare.title}
      </Button>
      {opened && (
        <Modal open={shown !== undefined} title={compare.title} width={900} footer={null} onCancel={() => setShown(undefined)} destroyOnHidden>
          {shown && (
            <>
              <Typography.Paragraph type="secondary">共 {shown.changedCount} 个字段有变化，已标红。</Typography.Paragraph>
              <Table<CompareRow>
                className="schema-compare-table"
                rowKey="name"
                size="small"
                bordered
                pagination={false}
                scroll={{ y: 480 }}
                dataSource={[...shown.rows]}
                rowClassName={(row) => (row.changed ? 'schema-compare-changed' : '')}
                columns={[
                  {
                    title: '字段',
                    dataIndex: 'label',
                    width: 180,
                    render: (label: string, row) => (
                      <span>
                        {label}
                        {row.changed && (
                          <Tag color="red" style={{ marginLeft: 8 }}>
                            有变化
                          </Tag>
                        )}
                      </span>
                    ),
                  },
                  { title: shown.titles[0], key: 'v1', render: cell(0) },
                  { title: shown.titles[1], key: 'v2', render: cell(1) },
                ]}
              />
            </>
          )}
        </Modal>
      )}
    </>
  );
}
