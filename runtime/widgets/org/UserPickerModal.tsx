/**
 * '根据部门选择用户' (widgets spec §2, width 1250): the department tree at the left (a click lists
 * that department's users, sub-departments included; a second click shows everyone again), at the
 * right the filters 账号 / 姓名 with 查询 and 重置, and the user table (10 a page, 10/20/30, 'a-b
 * 共N条'). Rows are picked by checkbox, or by radio in single mode; picks on other pages stay picked
 * and are listed above the table. The selection lives in the caller's usePickerSelection.
 */
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Form, Input, Modal, Row, Space, Spin, Table, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { useEffect, useState } from 'react';
import type { Host } from '../../host/types';
import { branchIds } from './departIndex';
import { loadDepartTree, loadUserPage, type DepartNode, type PickerUser, type UserPage, type UserQuery } from './orgApi';
import type { Picked } from './pickerSelection';
import { totalText } from '../../list/paging';
import { ORG_TEXTS, USER_PAGE_SIZE, USER_PAGE_SIZE_OPTIONS, USER_PICKER_WIDTH } from './texts';
import type { UserValueKey } from './userValue';

interface UserPickerModalProps {
  host: Host;
  open: boolean;
  multiple: boolean;
  valueKey: UserValueKey;
  picked: readonly Picked[];
  onCheck(entry: Picked, checked: boolean): void;
  onCheckMany(entries: readonly Picked[], checked: boolean): void;
  onOk(): void;
  onCancel(): void;
}

type PanelProps = Omit<UserPickerModalProps, 'open' | 'onOk' | 'onCancel'>;

const FIRST_QUERY: UserQuery = { pageNo: 1, pageSize: USER_PAGE_SIZE, column: 'createTime', order: 'desc' };

function toDataNodes(nodes: readonly DepartNode[] | null): DataNode[] {
  return (nodes ?? []).map((node) => ({
    key: node.id,
    title: node.departName,
    isLeaf: node.isLeaf,
    children: node.children ? toDataNodes(node.children) : undefined,
  }));
}

const COLUMNS: ColumnsType<PickerUser> = [
  { title: ORG_TEXTS.columns.username, dataIndex: 'username', align: 'center', sorter: true },
  { title: ORG_TEXTS.columns.realname, dataIndex: 'realname', align: 'center', sorter: true },
  { title: ORG_TEXTS.columns.sex, dataIndex: 'sex', align: 'center', render: (sex: number) => ORG_TEXTS.sex[sex] ?? '' },
  { title: ORG_TEXTS.columns.phone, dataIndex: 'phone', align: 'center' },
  { title: ORG_TEXTS.columns.orgCodeTxt, dataIndex: 'orgCodeTxt', align: 'center', ellipsis: true },
];

function DepartmentColumn({ host, departId, onChoose }: { host: Host; departId?: string; onChoose(id?: string): void }) {
  const [tree, setTree] = useState<DepartNode[] | null | 'loading'>('loading');
  useEffect(() => {
    let live = true;
    void loadDepartTree(host).then((nodes) => {
      if (live) setTree(nodes);
    });
    return () => {
      live = false;
    };
  }, [host]);
  if (tree === 'loading') return <Spin style={{ display: 'block', padding: 24 }} />;
  if (tree === null || tree.length === 0) return <Empty description={ORG_TEXTS.departEmpty} />;
  return (
    <Tree
      blockNode
      treeData={toDataNodes(tree)}
      defaultExpandedKeys={branchIds(tree)}
      selectedKeys={departId ? [departId] : []}
      onSelect={(keys) => onChoose(keys.length > 0 ? String(keys[0]) : undefined)}
    />
  );
}

/** The dialog's content; mounted each time the dialog opens (destroyOnHidden), so every opening starts from page 1 without filters. */
function UserPickerPanel({ host, multiple, valueKey, picked, onCheck, onCheckMany }: PanelProps) {
  const [query, setQuery] = useState<UserQuery>(FIRST_QUERY);
  const [draft, setDraft] = useState({ username: '', realname: '' });
  const [page, setPage] = useState<UserPage | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    void loadUserPage(host, query).then((answer) => {
      if (!live) return;
      setPage(answer ?? { records: [], total: 0 });
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [host, query]);

  const reload = (next: UserQuery) => {
    setLoading(true);
    setQuery(next);
  };
  const applyFilters = () =>
    reload({ ...query, username: draft.username.trim() || undefined, realname: draft.realname.trim() || undefined, pageNo: 1 });
  const reset = () => {
    setDraft({ username: '', realname: '' });
    reload(FIRST_QUERY);
  };

  const entry = (user: PickerUser): Picked => ({ key: user[valueKey], label: user.realname });
  const pickedKeys = picked.map((p) => p.key);

  return (
    <Row gutter={10}>
      <Col span={6}>
        <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
          {ORG_TEXTS.allDeparts}
        </Typography.Text>
        <div style={{ maxHeight: 500, overflow: 'auto' }}>
          <DepartmentColumn host={host} departId={query.departId} onChoose={(departId) => reload({ ...query, departId, pageNo: 1 })} />
        </div>
      </Col>
      <Col span={18}>
        <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
          <Form.Item label={ORG_TEXTS.account}>
            <Input
              placeholder={ORG_TEXTS.accountPlaceholder}
              value={draft.username}
              onChange={(e) => setDraft({ ...draft, username: e.target.value })}
              onPressEnter={applyFilters}
            />
          </Form.Item>
          <Form.Item label={ORG_TEXTS.name}>
            <Input
              placeholder={ORG_TEXTS.namePlaceholder}
              value={draft.realname}
              onChange={(e) => setDraft({ ...draft, realname: e.target.value })}
              onPressEnter={applyFilters}
            />
          </Form.Item>
          <Space>
            <Button type="primary" icon={<SearchOutlined />} onClick={applyFilters}>
              {ORG_TEXTS.query}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={reset}>
              {ORG_TEXTS.reset}
            </Button>
          </Space>
        </Form>
        {picked.length > 0 && (
          <div style={{ marginBottom: 8 }} aria-label={ORG_TEXTS.picked}>
            <Typography.Text type="secondary">{ORG_TEXTS.picked}</Typography.Text>
            {picked.map((p) => (
              <Tag key={p.key} closable onClose={() => onCheck(p, false)}>
                {p.label}
              </Tag>
            ))}
          </div>
        )}
        <Table<PickerUser>
          size="middle"
          rowKey={valueKey}
          columns={COLUMNS}
          dataSource={page?.records ?? []}
          loading={loading}
          showSorterTooltip={false}
          locale={{ emptyText: ORG_TEXTS.userEmpty }}
          rowSelection={{
            type: multiple ? 'checkbox' : 'radio',
            selectedRowKeys: pickedKeys,
            preserveSelectedRowKeys: true,
            onSelect: (user, selected) => onCheck(entry(user), selected),
            onSelectAll: (selected, _rows, changed) => onCheckMany(changed.map(entry), selected),
          }}
          onRow={(user) => ({
            onClick: (event) => {
              // A click on the row's own checkbox or radio is already reported by onSelect.
              if (event.target instanceof Element && event.target.closest('.ant-table-selection-column')) return;
              onCheck(entry(user), !multiple || !pickedKeys.includes(user[valueKey]));
            },
          })}
          pagination={{
            current: query.pageNo,
            pageSize: query.pageSize,
            total: page?.total ?? 0,
            pageSizeOptions: USER_PAGE_SIZE_OPTIONS,
            showQuickJumper: true,
            showSizeChanger: true,
            showTotal: totalText,
          }}
          onChange={(pagination, _filters, sorter) => {
            const sort = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<PickerUser> | undefined;
            const column = sort?.order && typeof sort.field === 'string' ? sort.field : FIRST_QUERY.column;
            const order = sort?.order ? (sort.order === 'ascend' ? 'asc' : 'desc') : FIRST_QUERY.order;
            const pageSize = pagination.pageSize ?? query.pageSize;
            reload({ ...query, column, order, pageSize, pageNo: pageSize !== query.pageSize ? 1 : (pagination.current ?? 1) });
          }}
        />
      </Col>
    </Row>
  );
}

export function UserPickerModal({ open, onOk, onCancel, ...panel }: UserPickerModalProps) {
  return (
    <Modal
      open={open}
      title={ORG_TEXTS.userTitle}
      width={USER_PICKER_WIDTH}
      okText={ORG_TEXTS.ok}
      cancelText={ORG_TEXTS.close}
      maskClosable={false}
      destroyOnHidden
      onOk={onOk}
      onCancel={onCancel}
    >
      <UserPickerPanel {...panel} />
    </Modal>
  );
}
