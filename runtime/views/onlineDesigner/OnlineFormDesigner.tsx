/**
 * 设计 of 表单开发 (JeecgBoot's cgform designer) for one online form: its table and a row per field
 * in 数据库属性 / 页面属性 / 校验字段, its 索引 and 按钮. The rows are the headless model of
 * runtime/designer over the form's page document; 保存 writes them back over that document (the parts
 * the designer does not show survive) and a refusal is shown on the rows and cells it names.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Empty, Form, Input, Select, Space, Spin, Table, Tabs, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { fromDocument } from '../../designer/fromDocument';
import { loadOnlineForm, saveOnlineForm, TABLE_TYPE_TEXT, type OnlineFormHead } from '../../designer/onlineFormService';
import { designerProblems, type DesignerCell, type DesignerProblem } from '../../designer/problems';
import { addField, addIndex, moveField, removeField, removeIndex, updateField, updateIndex } from '../../designer/rows';
import { SYNC_TEXT } from '../../designer/texts';
import { addSubTable, removeSubTable, setTableType, TABLE_TYPES, updateSubTable, type SubTableCell } from '../../designer/subTables';
import type { DesignerFieldRow, DesignerModel, DesignerTableType } from '../../designer/types';
import { SubTableTable } from './SubTableTable';
import type { RowViewProps } from '../rowViews/registry';
import { ButtonsPanel } from './ButtonsPanel';
import { ID_ROW, type RowEditing } from './cells';
import { databaseColumns } from './databaseColumns';
import { IndexTable } from './IndexTable';
import { pageColumns } from './pageColumns';
import { problemLines } from './problemLines';
import { validationColumns } from './validationColumns';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; head: OnlineFormHead; model: DesignerModel };

function rowId(row: Readonly<Record<string, unknown>>): string {
  return typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : '';
}

export function OnlineFormDesigner({ host, row, title, onClose, onChanged }: RowViewProps) {
  const id = rowId(row);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [problems, setProblems] = useState<DesignerProblem[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    void loadOnlineForm(host.request, id).then((answer) => {
      if (!live) return;
      setLoaded(
        answer.ok ? { state: 'ready', head: answer.head, model: fromDocument(answer.head.document, answer.head.tableType as DesignerTableType) } : { state: 'failed', message: answer.message },
      );
    });
    return () => {
      live = false;
    };
  }, [host.request, id]);

  const change = (next: (model: DesignerModel) => DesignerModel) => setLoaded((current) => (current.state === 'ready' ? { ...current, model: next(current.model) } : current));

  const edit = useMemo<RowEditing>(
    () => ({
      update(key, patch) {
        change((model) => updateField(model, key, patch));
        // A cell the user changes no longer shows the old problem.
        const touched = new Set(Object.keys(patch));
        setProblems((list) => list.filter((p) => !(p.area === 'field' && p.rowKey === key && p.property !== undefined && touched.has(p.property))));
      },
      problem: (key: string, property: DesignerCell) => problems.find((p) => p.area === 'field' && p.rowKey === key && p.property === property)?.message,
      rowProblem: (key: string) => problems.find((p) => p.area === 'field' && p.rowKey === key && p.property === undefined)?.message,
    }),
    [problems],
  );

  const save = async () => {
    if (loaded.state !== 'ready') return;
    const found = designerProblems(loaded.model);
    setProblems(found);
    if (found.length > 0) {
      host.notify.warning('表单设计有误，请按提示修改');
      return;
    }
    setSaving(true);
    const answer = await saveOnlineForm(host.request, id, loaded.model, loaded.head.document);
    setSaving(false);
    if (!answer.ok) {
      setProblems(answer.problems.length > 0 ? answer.problems : [{ area: 'page', message: answer.message }]);
      host.notify.warning(answer.message);
      return;
    }
    host.notify.success(answer.message);
    onChanged?.();
    onClose();
  };

  const tableProblem = (property: 'tableName' | 'title' | 'tableType') => problems.find((p) => p.area === 'table' && p.property === property)?.message;
  const subTableProblem = (key: string, property: SubTableCell) => problems.find((p) => p.area === 'subTable' && p.rowKey === key && (p.property === property || (p.property === undefined && property === 'tableName')))?.message;
  const changeSubTable = (key: string, patch: Partial<Parameters<typeof updateSubTable>[2]>) => {
    change((m) => updateSubTable(m, key, patch));
    const touched = new Set(Object.keys(patch));
    setProblems((list) => list.filter((p) => !(p.area === 'subTable' && p.rowKey === key && (p.property === undefined || touched.has(p.property)))));
  };

  const body = () => {
    if (loaded.state === 'loading') return <Spin style={{ display: 'block', margin: '48px auto' }} />;
    if (loaded.state === 'failed') return <Empty description={loaded.message} />;
    const { head, model } = loaded;
    const fieldTable = (className: string, columns: ReturnType<typeof pageColumns>, rows: DesignerFieldRow[]) => (
      <Table<DesignerFieldRow> className={className} rowKey="key" size="small" pagination={false} dataSource={rows} columns={columns} scroll={{ x: 'max-content', y: 'calc(100vh - 430px)' }} />
    );
    return (
      <>
        <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
          <Form.Item label="表名" required validateStatus={tableProblem('tableName') ? 'error' : undefined} help={tableProblem('tableName')}>
            <Input aria-label="表名" style={{ width: 200 }} value={model.table.tableName} disabled title="表名保存后不能修改；换表名请用 复制" />
          </Form.Item>
          <Form.Item label="表描述" required validateStatus={tableProblem('title') ? 'error' : undefined} help={tableProblem('title')}>
            <Input aria-label="表描述" style={{ width: 200 }} value={model.table.title} onChange={(e) => change((m) => ({ ...m, table: { ...m.table, title: e.target.value } }))} />
          </Form.Item>
          <Form.Item label="表类型" required validateStatus={tableProblem('tableType') ? 'error' : undefined} help={tableProblem('tableType')}>
            {model.table.tableType === '4' ? (
              <Input aria-label="表类型" style={{ width: 120 }} value={TABLE_TYPE_TEXT['4']} disabled />
            ) : (
              <Select
                aria-label="表类型"
                style={{ width: 120 }}
                value={model.table.tableType}
                options={TABLE_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                onChange={(value: DesignerTableType) => {
                  change((m) => setTableType(m, value));
                  setProblems((list) => list.filter((p) => !(p.area === 'table' && p.property === 'tableType')));
                }}
              />
            )}
          </Form.Item>
          <Descriptions size="small" column={3} style={{ flex: 1, minWidth: 320 }}>
            {model.table.tableType === '3' && (
              <Descriptions.Item label="主表">{head.mainTable ? `${head.mainTable}（外键 ${head.mainField ?? ''}）` : '尚未被主表引用（在主表的设计中添加）'}</Descriptions.Item>
            )}
            <Descriptions.Item label="版本">{head.tableVersion}</Descriptions.Item>
            <Descriptions.Item label="同步状态">
              <Tag color={head.isDbSynch === 'Y' ? 'green' : 'orange'}>{SYNC_TEXT[head.isDbSynch] ?? head.isDbSynch}</Tag>
            </Descriptions.Item>
          </Descriptions>
        </Form>
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            message="保存失败，请修改以下问题"
            description={
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {problemLines(problems, model).map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            }
          />
        )}
        <Tabs
          items={[
            {
              key: 'database',
              label: '数据库属性',
              children: (
                <>
                  {fieldTable('designer-database', databaseColumns(edit, { move: (key, step) => change((m) => moveField(m, key, step)), remove: (key) => change((m) => removeField(m, key)) }), [ID_ROW, ...model.fields])}
                  <Button style={{ marginTop: 12 }} icon={<PlusOutlined />} onClick={() => change((m) => addField(m))}>
                    新增字段
                  </Button>
                </>
              ),
            },
            { key: 'page', label: '页面属性', children: fieldTable('designer-page', pageColumns(edit), model.fields) },
            { key: 'validation', label: '校验字段', children: fieldTable('designer-validation', validationColumns(edit), model.fields) },
            {
              key: 'indexes',
              label: '索引',
              children: (
                <IndexTable
                  model={model}
                  problem={(key) => problems.find((p) => p.area === 'index' && p.rowKey === key)?.message}
                  onAdd={() => change((m) => addIndex(m))}
                  onChange={(key, patch) => change((m) => updateIndex(m, key, patch))}
                  onRemove={(key) => change((m) => removeIndex(m, key))}
                />
              ),
            },
            { key: 'buttons', label: '按钮', children: <ButtonsPanel buttons={model.buttons} onChange={(buttons) => change((m) => ({ ...m, buttons }))} /> },
            ...(model.table.tableType === '2'
              ? [
                  {
                    key: 'subTables',
                    label: '附表',
                    children: (
                      <SubTableTable
                        request={host.request}
                        tableName={model.table.tableName}
                        rows={model.subTables}
                        problem={subTableProblem}
                        onAdd={() => change((m) => addSubTable(m))}
                        onChange={changeSubTable}
                        onRemove={(key) => change((m) => removeSubTable(m, key))}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      </>
    );
  };

  const heading = loaded.state === 'ready' ? `${title}：${loaded.head.tableTxt || loaded.head.tableName}` : title;
  return (
    <Drawer
      open
      title={heading}
      width="min(1280px, 96vw)"
      onClose={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} disabled={loaded.state !== 'ready'} onClick={() => void save()}>
            保存
          </Button>
        </Space>
      }
    >
      {body()}
    </Drawer>
  );
}
