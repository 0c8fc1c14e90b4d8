/**
 * A tree entity edited as a tree (the page's `treeManage` section; 部门管理): the tree on the left
 * with 新增一级, 添加下级 and 删除, each shown to holders of the page's add / delete code; on the right
 * the chosen node's details with 编辑 and the related tabs. The form is the page's own add / edit
 * modal; 添加下级 presets the tree's parent field with the chosen node. Deleting asks first and shows
 * the server's refusal (e.g. which sub-departments or users keep the node). Node actions (部门权限, 用户)
 * open their registered view for the chosen node; an editable related tab is the related page bound to it.
 */
import { lazy, Suspense, useState } from 'react';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Space, Tabs } from 'antd';
import { entityEndpoint } from '../../contract/entityEndpoints';
import type { DictService } from '../../dict/dictService';
import type { PageTreeManage } from '../../generated/page';
import type { Host } from '../../host/types';
import type { CompiledPage } from '../../schema/compiledPageTypes';
import { DetailView } from '../form/DetailView';
import { RowViewOf } from '../rowViews/registry';
import { nodeActionsOf, type NodeAction } from './nodeActions';
import { RelatedList } from './RelatedList';
import { TreePane } from './TreePane';
import { findNode, type TreeNodeData } from './treeNodes';

const FormModal = lazy(() => import('../form/FormModal').then((module) => ({ default: module.FormModal })));

/** The field a child's parent is stored in: the tree's parent field, else JeecgBoot's parentId. */
function parentFieldOf(page: CompiledPage): string {
  return page.entity.tree?.parentField.name ?? 'parentId';
}

type FormState = { mode: 'add'; presets: Record<string, string> } | { mode: 'edit'; record: Record<string, unknown> };

export function TreeManageView({ page, host, dict, manage }: { page: CompiledPage; host: Host; dict: DictService; manage: PageTreeManage }) {
  const [selected, setSelected] = useState<TreeNodeData | undefined>();
  const [reloadToken, setReloadToken] = useState(0);
  const [form, setForm] = useState<FormState | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [opened, setOpened] = useState<{ action: NodeAction; node: TreeNodeData } | null>(null);
  const nodeActions = nodeActionsOf(page, manage, (code) => host.hasPermission(code));
  const title = page.entity.title;
  const mayAdd = host.hasPermission(page.permissions.add);
  const mayEdit = host.hasPermission(page.permissions.edit);
  const mayDelete = host.hasPermission(page.permissions.delete);

  async function remove(node: TreeNodeData): Promise<void> {
    const confirmed = await host.confirm({ title: '确认删除', content: `确定删除${title}「${node.title}」吗？`, danger: true, okText: '删除' });
    if (!confirmed) return;
    setDeleting(true);
    try {
      const answer = await host.request.delete<unknown>(entityEndpoint(page.entity.apiPath, 'delete'), { id: node.key });
      if (answer.success) {
        host.notify.success(answer.message || '删除成功!');
        setSelected(undefined);
        setReloadToken((token) => token + 1);
      } else {
        host.notify.warning(answer.message || '删除失败');
      }
    } catch {
      // The request layer has told the user.
    } finally {
      setDeleting(false);
    }
  }

  const actions = (
    <>
      {mayAdd && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mode: 'add', presets: {} })}>
          新增一级
        </Button>
      )}
      {mayAdd && (
        <Button icon={<PlusOutlined />} disabled={!selected} onClick={() => selected && setForm({ mode: 'add', presets: { [parentFieldOf(page)]: String(selected.key) } })}>
          添加下级
        </Button>
      )}
      {mayDelete && (
        <Button danger icon={<DeleteOutlined />} disabled={!selected} loading={deleting} onClick={() => selected && void remove(selected)}>
          删除
        </Button>
      )}
    </>
  );

  const detail = selected ? (
    <>
      {mayEdit && (
        <div style={{ textAlign: 'right', marginBottom: 12 }}>
          <Button type="primary" icon={<EditOutlined />} onClick={() => setForm({ mode: 'edit', record: { ...selected, id: selected.key } })}>
            编辑
          </Button>
        </div>
      )}
      <DetailView key={`${selected.key}:${reloadToken}`} page={page} record={selected} dict={dict} host={host} />
    </>
  ) : (
    <Empty description={`请在左侧选择一个${title}`} />
  );

  const tabs = [
    { key: 'detail', label: manage.detailTitle ?? '基本信息', children: detail },
    ...(manage.related ?? []).map((related) => ({
      key: `related:${related.page}`,
      label: related.title,
      children: selected ? (
        <RelatedList host={host} pageRef={related.page} param={related.param} nodeKey={selected.key} editable={related.editable ?? false} />
      ) : (
        <Empty description={`请在左侧选择一个${title}`} />
      ),
    })),
  ];

  return (
    <>
      <Row gutter={16} className="tree-manage">
        <Col xs={24} md={9} lg={7}>
          <TreePane
            host={host}
            source={`${page.entity.apiPath}/${manage.load}`}
            title={manage.title ?? title}
            searchPlaceholder={`请输入${title}名称搜索`}
            selectedKey={selected?.key}
            onSelect={setSelected}
            reloadToken={reloadToken}
            actions={mayAdd || mayDelete ? actions : undefined}
            onLoaded={(nodes) => setSelected((current) => (current ? findNode(nodes, current.key) : undefined))}
          />
        </Col>
        <Col xs={24} md={15} lg={17}>
          <Card
            size="small"
            title={selected ? selected.title : `${title}信息`}
            extra={
              selected && nodeActions.length > 0 ? (
                <Space>
                  {nodeActions.map((action) => (
                    <Button key={action.key} size="small" onClick={() => setOpened({ action, node: selected })}>
                      {action.title}
                    </Button>
                  ))}
                </Space>
              ) : undefined
            }
          >
            <Tabs items={tabs} destroyOnHidden />
          </Card>
        </Col>
      </Row>
      <Suspense fallback={null}>
        {opened && (
          <RowViewOf
            name={opened.action.view}
            page={page}
            host={host}
            row={{ ...opened.node, id: opened.node.key }}
            title={opened.action.title}
            onClose={() => setOpened(null)}
          />
        )}
        {form && (
          <FormModal
            page={page}
            host={host}
            mode={form.mode}
            record={form.mode === 'edit' ? form.record : undefined}
            fixedValues={form.mode === 'add' ? form.presets : undefined}
            open
            onClose={() => setForm(null)}
            onSaved={() => {
              setForm(null);
              setReloadToken((token) => token + 1);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
