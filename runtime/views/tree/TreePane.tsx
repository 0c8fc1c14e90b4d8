/**
 * A tree in a card beside a list (list.treeFilter) or as the body of a tree page (treeManage): loads
 * the whole tree from `source`, filters it by name as the user types, and reports the chosen node;
 * choosing it again clears the choice. A change of `reloadToken` loads it again.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Card, Empty, Input, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { Host } from '../../host/types';
import { allKeys, filterTree, findNode, toTreeNodes, type TreeNodeData } from './treeNodes';

function dataNodes(nodes: readonly TreeNodeData[]): DataNode[] {
  return nodes.map((node) => ({ key: node.key, title: node.title, ...(node.children ? { children: dataNodes(node.children) } : { isLeaf: true }) }));
}

export interface TreePaneProps {
  host: Host;
  /** API path answering the whole tree, e.g. /sys/sysDepart/queryTreeList. */
  source: string;
  title: string;
  searchPlaceholder?: string;
  selectedKey?: string;
  onSelect(node: TreeNodeData | undefined): void;
  reloadToken?: number;
  /** Buttons above the search box (新增一级, 添加下级, 删除). */
  actions?: ReactNode;
  /** Told the loaded tree, e.g. to refresh the chosen node's data after a reload. */
  onLoaded?(nodes: TreeNodeData[]): void;
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; nodes: TreeNodeData[] };

export function TreePane({ host, source, title, searchPlaceholder, selectedKey, onSelect, reloadToken, actions, onLoaded }: TreePaneProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);

  useEffect(() => {
    let live = true;
    host.request.get<unknown>(source).then(
      (answer) => {
        if (!live) return;
        if (!answer.success) {
          setLoaded({ state: 'failed', message: answer.message || '加载失败' });
          return;
        }
        const nodes = toTreeNodes(answer.result);
        setLoaded({ state: 'ready', nodes });
        onLoaded?.(nodes);
      },
      () => {
        if (live) setLoaded({ state: 'failed', message: '加载失败' });
      },
    );
    return () => {
      live = false;
    };
    // onLoaded is a callback of the parent; a new identity must not reload the tree.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [host, source, reloadToken]);

  const nodes = useMemo(() => (loaded.state === 'ready' ? loaded.nodes : []), [loaded]);
  const shown = useMemo(() => filterTree(nodes, keyword), [nodes, keyword]);
  // Searching opens every branch holding a hit; otherwise the user's expansion (all at first).
  const expandedKeys = keyword.trim() !== '' || expanded === null ? allKeys(shown) : expanded;

  let body: ReactNode;
  if (loaded.state === 'loading') body = <Spin style={{ display: 'block', margin: '24px auto' }} />;
  else if (loaded.state === 'failed') body = <Alert type="error" showIcon message={loaded.message} />;
  else if (shown.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? '没有匹配的节点' : '暂无数据'} />;
  else
    body = (
      <Tree
        className="tree-pane-tree"
        blockNode
        treeData={dataNodes(shown)}
        expandedKeys={expandedKeys}
        onExpand={(keys) => setExpanded(keys.map(String))}
        selectedKeys={selectedKey ? [selectedKey] : []}
        onSelect={(_keys, info) => onSelect(info.selected ? findNode(nodes, String(info.node.key)) : undefined)}
      />
    );

  return (
    <Card size="small" title={title} className="tree-pane" styles={{ body: { padding: 12 } }}>
      {actions && <div className="tree-pane-actions" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>{actions}</div>}
      <Input.Search allowClear placeholder={searchPlaceholder ?? '请输入名称搜索'} onChange={(e) => setKeyword(e.target.value)} style={{ marginBottom: 12 }} />
      <div style={{ maxHeight: 'calc(100vh - 300px)', minHeight: 200, overflow: 'auto' }}>{body}</div>
    </Card>
  );
}
