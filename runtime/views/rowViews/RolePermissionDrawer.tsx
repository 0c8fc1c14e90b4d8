/**
 * 授权 (JeecgBoot's RoleModal 角色权限配置): a drawer with every menu and button as a checkable tree,
 * the role's grants checked. 树操作 switches 父子关联 / 取消关联, 全部勾选 / 取消全选 and 展开所有 /
 * 合并所有; 保存 / 保存并关闭 send `saveRolePermission {roleId, permissionIds, lastpermissionIds}`, which
 * the server applies in one transaction. Users see the change at their next permission fetch.
 */
import { DownOutlined } from '@ant-design/icons';
import { Button, Drawer, Dropdown, Empty, Space, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import type { RowViewProps } from './registry';
import { allKeys, branchKeys, keysToSave, linkedCheckedKeys, type PermissionTreeNode } from './permissionTree';
import { rolePermissionTarget, type PermissionTarget } from './viewTargets';
import { RoleDataRuleDrawer } from './RoleDataRuleDrawer';

const MENU_TYPE_TAG: Record<number, { text: string; color: string }> = {
  0: { text: '一级菜单', color: 'blue' },
  1: { text: '子菜单', color: 'cyan' },
  2: { text: '按钮', color: 'orange' },
};

function toDataNodes(nodes: readonly PermissionTreeNode[]): DataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: (
      <span data-testid={`perm-node-${node.key}`}>
        {node.title}
        {node.menuType === 2 && <Tag style={{ marginLeft: 6 }} color={MENU_TYPE_TAG[2].color}>{MENU_TYPE_TAG[2].text}</Tag>}
        {node.menuType === 2 && node.status === '0' && <Tag color="default">无效</Tag>}
        {node.ruleFlag === 1 && <Tag style={{ marginLeft: 6 }} color="purple">数据规则</Tag>}
      </span>
    ),
    children: node.children && node.children.length > 0 ? toDataNodes(node.children) : undefined,
  }));
}

function findNode(nodes: readonly PermissionTreeNode[], key: string): PermissionTreeNode | undefined {
  for (const node of nodes) {
    if (node.key === key) return node;
    const found = findNode(node.children ?? [], key);
    if (found) return found;
  }
  return undefined;
}

/** `target`: what is authorised (default the role of the row); 部门权限 and 部门角色 pass theirs (viewTargets.ts). */
export function RolePermissionDrawer({ host, row, onClose, target: given }: RowViewProps & { target?: PermissionTarget }) {
  const target = useMemo(() => given ?? rolePermissionTarget(row), [given, row]);
  const [tree, setTree] = useState<PermissionTreeNode[] | null>(null);
  const [granted, setGranted] = useState<string[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [halfChecked, setHalfChecked] = useState<string[]>([]);
  const [linked, setLinked] = useState(false);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState('');
  // A menu chosen (clicked) in the tree: its data rules for this role open beside the tree.
  const [ruleMenu, setRuleMenu] = useState<{ key: string; title: string } | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([
      host.request.get<{ treeList: PermissionTreeNode[] }>(target.tree.url, target.tree.params),
      host.request.get<string[]>(target.granted.url, target.granted.params),
    ])
      .then(([treeAnswer, grantAnswer]) => {
        if (!live) return;
        if (!treeAnswer.success || !grantAnswer.success) {
          setFailed((!treeAnswer.success ? treeAnswer.message : grantAnswer.message) || '权限数据加载失败');
          return;
        }
        const nodes = treeAnswer.result?.treeList ?? [];
        const ids = grantAnswer.result ?? [];
        setTree(nodes);
        setGranted(ids);
        setChecked(ids);
        setExpanded(nodes.map((n) => n.key));
      })
      .catch(() => live && setFailed('权限数据加载失败'));
    return () => {
      live = false;
    };
  }, [host, target]);

  const dataNodes = useMemo(() => toDataNodes(tree ?? []), [tree]);

  const switchLinked = (next: boolean) => {
    if (!tree || next === linked) return;
    const current = new Set(keysToSave(tree, checked, halfChecked, linked));
    setChecked(next ? linkedCheckedKeys(tree, current) : [...current]);
    setHalfChecked([]);
    setLinked(next);
  };

  const save = async (close: boolean) => {
    if (!tree) return;
    const ids = keysToSave(tree, checked, halfChecked, linked);
    setSaving(true);
    try {
      const answer = await host.request.post<unknown>(target.save.url, {
        ...target.save.body,
        permissionIds: ids.join(','),
        lastpermissionIds: granted.join(','),
      });
      if (!answer.success) {
        host.notify.warning(answer.message || '保存失败');
        return;
      }
      host.notify.success(answer.message || '保存成功！');
      setGranted(ids);
      if (close) onClose();
    } catch {
      // The request layer has told the user.
    } finally {
      setSaving(false);
    }
  };

  const treeMenu = {
    items: [
      { key: 'link', label: '父子关联' },
      { key: 'unlink', label: '取消关联' },
      { key: 'all', label: '全部勾选' },
      { key: 'none', label: '取消全选' },
      { key: 'expand', label: '展开所有' },
      { key: 'collapse', label: '合并所有' },
    ],
    onClick: ({ key }: { key: string }) => {
      if (!tree) return;
      if (key === 'link') switchLinked(true);
      else if (key === 'unlink') switchLinked(false);
      else if (key === 'all') {
        setChecked(allKeys(tree));
        setHalfChecked([]);
      } else if (key === 'none') {
        setChecked([]);
        setHalfChecked([]);
      } else if (key === 'expand') setExpanded(branchKeys(tree));
      else if (key === 'collapse') setExpanded([]);
    },
  };

  return (
    <Drawer
      open
      title={target.title}
      width={650}
      onClose={onClose}
      destroyOnHidden
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Dropdown menu={treeMenu} placement="topLeft" disabled={!tree}>
            <Button>
              树操作 <DownOutlined />
            </Button>
          </Dropdown>
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" ghost loading={saving} disabled={!tree} onClick={() => void save(false)}>
              仅保存
            </Button>
            <Button type="primary" loading={saving} disabled={!tree} onClick={() => void save(true)}>
              保存并关闭
            </Button>
          </Space>
        </div>
      }
    >
      <div style={{ marginBottom: 8, color: 'rgba(0,0,0,0.45)' }}>
        所拥有的权限（{linked ? '父子关联' : '取消关联'}）：勾选的菜单和按钮在用户下次登录或刷新页面后生效
        {target.dataRulesOfRole ? '；点击菜单名称配置其数据规则' : ''}
      </div>
      {failed ? (
        <Empty description={failed} />
      ) : !tree ? (
        <Spin />
      ) : (
        <Tree
          checkable
          checkStrictly={!linked}
          treeData={dataNodes}
          checkedKeys={linked ? checked : { checked, halfChecked: [] }}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          onCheck={(keys, info) => {
            if (Array.isArray(keys)) {
              setChecked(keys.map(String));
              setHalfChecked((info.halfCheckedKeys ?? []).map(String));
            } else setChecked(keys.checked.map(String));
          }}
          selectedKeys={ruleMenu ? [ruleMenu.key] : []}
          onSelect={(_keys, info) => {
            if (!target.dataRulesOfRole) return;
            const node = info.node as { key: React.Key };
            const found = tree && findNode(tree, String(node.key));
            if (found && found.menuType !== 2) setRuleMenu({ key: found.key, title: found.title });
          }}
        />
      )}
      {ruleMenu && target.dataRulesOfRole && <RoleDataRuleDrawer host={host} roleId={target.dataRulesOfRole} menu={ruleMenu} onClose={() => setRuleMenu(null)} />}
    </Drawer>
  );
}
