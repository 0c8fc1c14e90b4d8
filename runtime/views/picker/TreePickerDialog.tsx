/**
 * The customer-tree variant of the picker (widgets spec §2 customer select modal): a search box
 * searching on Enter after 300 ms through the page's search endpoint (a failure empties the tree),
 * a checkable tree of the page's tree endpoint, unlinked checking by default; in multiple mode the
 * footer's 树操作 menu switches between 父子关联 and 取消关联; 关闭 / 确定.
 */
import { useEffect, useRef, useState, type Key } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Empty, Input, Modal, Space, Spin, Tree } from 'antd';
import { reportFailure } from '../../host/failure';
import type { TreePickerDialogProps } from '../../widgets/picker/dialogs';
import { selectKeys } from '../../widgets/picker/selection';
import { PICKER_TEXTS } from '../../widgets/picker/texts';
import { buildTree, EMPTY_TREE, type PickerTreeData } from '../../widgets/picker/treeModel';

/** Customer search debounce (widgets spec §9). */
export const TREE_SEARCH_DEBOUNCE_MS = 300;

export function TreePickerDialog({ picker, tree, host, multiple, initial, onOk, onCancel }: TreePickerDialogProps) {
  const fields = { valueField: picker.valueField.name, textField: picker.textField.name };
  const [data, setData] = useState<{ tree: PickerTreeData; generation: number }>({ tree: EMPTY_TREE, generation: 0 });
  const [loading, setLoading] = useState(true);
  const [linked, setLinked] = useState(false);
  const [selection, setSelection] = useState(initial);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Loads the whole tree, or the search's matches; only the latest answer is shown. */
  const fetchTree = async (keyWord: string) => {
    const mine = ++seq.current;
    const searching = keyWord !== '' && tree.searchUrl !== undefined;
    let next = EMPTY_TREE;
    try {
      const res = searching
        ? await host.request.get<unknown>(tree.searchUrl ?? '', { keyWord })
        : await host.request.get<unknown>(tree.loadUrl);
      if (res.success) next = buildTree(res.result, fields);
      else host.notify.warning(res.message || '操作失败');
    } catch (error) {
      reportFailure(host.notify, error);
    }
    if (mine !== seq.current) return;
    setData((current) => ({ tree: next, generation: current.generation + 1 }));
    setLoading(false);
  };

  useEffect(() => {
    void fetchTree('');
    return () => {
      seq.current += 1;
      clearTimeout(timer.current);
    };
    // Loaded once per opening; the dialog is mounted while open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const search = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setLoading(true);
      void fetchTree(text.trim());
    }, TREE_SEARCH_DEBOUNCE_MS);
  };

  const onCheck = (checked: Key[] | { checked: Key[]; halfChecked: Key[] }) => {
    const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
    const rows = keys.flatMap((key) => {
      const row = data.tree.records.get(key);
      return row ? [row] : [];
    });
    setSelection((current) => selectKeys(current, keys, rows, { multiple, valueField: fields.valueField }));
  };

  const operations = multiple && tree.linkSwitch && (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [linked ? 'linked' : 'unlinked'],
        items: [
          { key: 'linked', label: PICKER_TEXTS.linked },
          { key: 'unlinked', label: PICKER_TEXTS.unlinked },
        ],
        onClick: ({ key }) => setLinked(key === 'linked'),
      }}
    >
      <Button>
        {PICKER_TEXTS.treeOperations} <DownOutlined />
      </Button>
    </Dropdown>
  );

  return (
    <Modal
      open
      title={picker.title}
      width={picker.width}
      onCancel={onCancel}
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between' }}>
          <span>{operations}</span>
          <Space>
            <Button onClick={onCancel}>{PICKER_TEXTS.close}</Button>
            <Button type="primary" onClick={() => onOk(selection)}>
              {PICKER_TEXTS.ok}
            </Button>
          </Space>
        </div>
      }
    >
      {tree.searchUrl && (
        <Input.Search style={{ marginBottom: 8 }} placeholder={tree.searchPlaceholder} allowClear onSearch={search} />
      )}
      <div className="picker-tree" style={{ height: tree.height, overflow: 'auto' }}>
        <Spin spinning={loading}>
          {data.tree.nodes.length === 0 && !loading ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PICKER_TEXTS.noData} />
          ) : (
            <Tree
              checkable
              checkStrictly={!linked}
              defaultExpandAll
              // A new answer is a new tree: remount so defaultExpandAll opens it.
              key={data.generation}
              treeData={data.tree.nodes}
              checkedKeys={[...selection.keys]}
              onCheck={onCheck}
              onSelect={(keys) => {
                // A click on a title picks it too, as a check would.
                const key = keys.length > 0 ? String(keys[0]) : undefined;
                if (key !== undefined && !selection.keys.includes(key)) onCheck([...selection.keys, key]);
              }}
            />
          )}
        </Spin>
      </div>
    </Modal>
  );
}
