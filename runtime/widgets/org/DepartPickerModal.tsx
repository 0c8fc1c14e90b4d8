/**
 * '选择部门' (widgets spec §2): a search box and a checkable department tree. Checks are unlinked
 * (checking a department does not check its children); single mode keeps only the latest check; a
 * click on a name checks it too. The search asks the server (searchBy) and lists the matching
 * departments with their path; clearing the box brings the tree back. The selection itself lives in
 * the caller's usePickerSelection, so OK / cancel / close semantics are the same for every picker.
 */
import { Empty, Input, Modal, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useState } from 'react';
import type { Host } from '../../host/types';
import { branchIds, departNames } from './departIndex';
import { loadDepartTree, searchDepartments, type DepartNode, type DepartSearchHit } from './orgApi';
import type { Picked } from './pickerSelection';
import { DEPART_PICKER_WIDTH, ORG_TEXTS } from './texts';

interface DepartPickerModalProps {
  host: Host;
  open: boolean;
  picked: readonly Picked[];
  onCheck(entry: Picked, checked: boolean): void;
  onOk(): void;
  onCancel(): void;
}

type TreeState =
  | { kind: 'loading' }
  | { kind: 'tree'; nodes: DepartNode[] }
  | { kind: 'searching'; keyWord: string }
  | { kind: 'hits'; keyWord: string; hits: DepartSearchHit[] }
  | { kind: 'failed' };

function toDataNodes(nodes: readonly DepartNode[] | null): DataNode[] {
  return (nodes ?? []).map((node) => ({
    key: node.id,
    title: node.departName,
    isLeaf: node.isLeaf,
    children: node.children ? toDataNodes(node.children) : undefined,
  }));
}

function hitNodes(hits: readonly DepartSearchHit[]): DataNode[] {
  return hits.map((hit) => ({
    key: hit.id,
    isLeaf: true,
    title: (
      <span>
        {hit.departName}
        {hit.parentIds.length > 0 && (
          <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
            {hit.departPath}
          </Typography.Text>
        )}
      </span>
    ),
  }));
}

interface DepartTreePanelProps {
  host: Host;
  picked: readonly Picked[];
  onCheck(entry: Picked, checked: boolean): void;
}

/** The dialog's content; mounted each time the dialog opens (destroyOnHidden), so every opening reloads the tree. */
function DepartTreePanel({ host, picked, onCheck }: DepartTreePanelProps) {
  const [state, setState] = useState<TreeState>({ kind: 'loading' });
  const [search, setSearch] = useState('');

  useEffect(() => {
    let live = true;
    void loadDepartTree(host).then((nodes) => {
      if (live) setState(nodes ? { kind: 'tree', nodes } : { kind: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [host]);

  async function runSearch(text: string): Promise<void> {
    const keyWord = text.trim();
    setState(keyWord === '' ? { kind: 'loading' } : { kind: 'searching', keyWord });
    if (keyWord === '') {
      const nodes = await loadDepartTree(host);
      setState(nodes ? { kind: 'tree', nodes } : { kind: 'failed' });
      return;
    }
    const hits = await searchDepartments(host, keyWord);
    setState((current) => {
      // An older search answering late must not replace a newer one.
      if (current.kind !== 'searching' || current.keyWord !== keyWord) return current;
      return hits ? { kind: 'hits', keyWord, hits } : { kind: 'failed' };
    });
  }

  const names = state.kind === 'tree' ? departNames(state.nodes) : state.kind === 'hits' ? departNames(state.hits) : new Map<string, string>();
  const checkedKeys = picked.map((p) => p.key);
  const toggle = (key: string, checked: boolean) => onCheck({ key, label: names.get(key) ?? key }, checked);

  let body;
  if (state.kind === 'loading' || state.kind === 'searching') {
    body = <Spin style={{ display: 'block', padding: 24 }} />;
  } else if (state.kind === 'failed') {
    body = <Empty description={ORG_TEXTS.departEmpty} />;
  } else {
    const data = state.kind === 'tree' ? toDataNodes(state.nodes) : hitNodes(state.hits);
    body =
      data.length === 0 ? (
        <Empty description={state.kind === 'hits' ? ORG_TEXTS.departNoMatch : ORG_TEXTS.departEmpty} />
      ) : (
        <Tree
          checkable
          checkStrictly
          blockNode
          treeData={data}
          defaultExpandedKeys={state.kind === 'tree' ? branchIds(state.nodes) : []}
          checkedKeys={checkedKeys}
          selectedKeys={[]}
          onCheck={(_, info) => toggle(String(info.node.key), info.checked)}
          onSelect={(_, info) => toggle(String(info.node.key), !checkedKeys.includes(String(info.node.key)))}
        />
      );
  }

  return (
    <>
      <Input.Search
        allowClear
        placeholder={ORG_TEXTS.departSearch}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onSearch={(text) => void runSearch(text)}
        style={{ marginBottom: 8 }}
      />
      <div style={{ maxHeight: 400, overflow: 'auto' }}>{body}</div>
    </>
  );
}

export function DepartPickerModal({ host, open, picked, onCheck, onOk, onCancel }: DepartPickerModalProps) {
  return (
    <Modal
      open={open}
      title={ORG_TEXTS.departTitle}
      width={DEPART_PICKER_WIDTH}
      okText={ORG_TEXTS.ok}
      cancelText={ORG_TEXTS.close}
      maskClosable={false}
      destroyOnHidden
      onOk={onOk}
      onCancel={onCancel}
    >
      <DepartTreePanel host={host} picked={picked} onCheck={onCheck} />
    </Modal>
  );
}
