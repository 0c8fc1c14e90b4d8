/**
 * The record picker's dialog: the target page's picker query bar and table, driven by the headless
 * list controller and drawn with the list view's own query bar and columns (runtime/views/list), with
 * radio or check boxes by `multiple` and, for the generic biz picker, the '已选<name>' card. Long
 * texts of the table and the card are cut (the biz picker's 12 characters) with the whole text on hover.
 * Mounted while open, so every opening starts from the stored value and page 1.
 */
import { useMemo, useState } from 'react';
import { Card, Col, Empty, List, Modal, Row, Table, Typography } from 'antd';
import { useDictionaries } from '../../dict/useDictionaries';
import { useListController } from '../../list/useListController';
import type { ListConfig } from '../../list/types';
import type { CompiledPicker } from '../../schema/compiledPageTypes';
import { useDictService } from '../../dict/dictContext';
import { CellText, listColumns, type Row as ListRow } from '../list/listColumns';
import { dialogQueryItemCol, QueryBar } from '../list/QueryBar';
import { totalText } from '../../list/paging';
import { listUrlOf } from '../../widgets/picker/pickerSource';
import { pickedText } from '../../widgets/picker/pickedText';
import type { PickerDialogProps } from '../../widgets/picker/dialogs';
import { removeKey, rowKey, selectKeys } from '../../widgets/picker/selection';
import { PICKER_TEXTS, selectedTitle } from '../../widgets/picker/texts';

function pickerDictCodes(picker: CompiledPicker): string[] {
  const codes = new Set<string>();
  for (const column of picker.columns) if (column.format === 'dictText' && column.field.dict) codes.add(column.field.dict.dictCode);
  for (const item of picker.query) if (item.field.dict) codes.add(item.field.dict.dictCode);
  return [...codes];
}

export function TablePickerDialog({ page, picker, host, multiple, initial, onOk, onCancel }: PickerDialogProps) {
  const dict = useDictService(host);
  const codes = useMemo(() => pickerDictCodes(picker), [picker]);
  useDictionaries(dict, codes);
  const valueField = picker.valueField.name;
  const config = useMemo<ListConfig>(
    () => ({
      url: { list: listUrlOf(page) },
      queryFields: picker.query.map((item) => ({ field: item.field.name, mode: item.mode })),
      columns: picker.columns.map((column) => column.field.name),
      defaultSort: { column: page.list.defaultSort.field.name, order: page.list.defaultSort.order },
      defaultPageSize: picker.pageSize,
      pageSizeOptions: picker.pageSizeOptions,
      rowKey: valueField,
      // A tree page's list opens on its roots; a picker pages through every row.
      ...(page.entity.tree ? { baseParams: { hasQuery: 'true' } } : {}),
      prefetch: () => dict.prefetch(codes),
    }),
    [page, picker, valueField, dict, codes],
  );
  const list = useListController<ListRow>({ host, config });
  const [selection, setSelection] = useState(initial);
  const { query, rows, total, loading } = list;

  // The list view's columns over the picker's columns: row numbers, formats, dictionary text, cell renderers.
  const columns = listColumns({
    page: { ...page, entity: { ...page.entity, tree: undefined }, list: { ...page.list, columns: picker.columns, rowActions: [] } },
    host,
    dict,
    sort: query.sort,
    offset: (query.page - 1) * query.pageSize,
    onRowAction: () => undefined,
  });

  const pick = (keys: readonly string[], picked: readonly ListRow[]) =>
    setSelection((current) => selectKeys(current, keys, picked, { multiple, valueField }));

  const table = (
    <Table<ListRow>
      rowKey={(row) => rowKey(row, valueField) ?? ''}
      size="middle"
      bordered
      columns={columns}
      dataSource={rows as ListRow[]}
      loading={loading}
      // Columns wider than the dialog scroll inside it instead of running past its edge.
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PICKER_TEXTS.noData} /> }}
      rowSelection={{
        type: multiple ? 'checkbox' : 'radio',
        preserveSelectedRowKeys: true,
        selectedRowKeys: [...selection.keys],
        onChange: (keys, picked) => pick(keys.map(String), picked.filter(Boolean)),
      }}
      pagination={{
        current: query.page,
        pageSize: query.pageSize,
        total,
        showQuickJumper: true,
        showSizeChanger: true,
        pageSizeOptions: picker.pageSizeOptions.map(String),
        showTotal: (all: number, range: [number, number]) => totalText(all, range, list.totalExact),
      }}
      onChange={(pager) => void list.changeTable({ page: pager.current ?? 1, pageSize: pager.pageSize ?? query.pageSize })}
    />
  );

  // Laid out by the width it has, not the window's: four filters a row leave a 900 px dialog's
  // inputs too narrow for their hints (请输入公司名称 was cut to 请输入公…).
  const queryBar = (width: number) => (
    <QueryBar
      items={picker.query}
      values={query.values}
      dict={dict}
      itemCol={dialogQueryItemCol(width)}
      onSearch={(v) => void list.search(v)}
      onReset={() => void list.reset()}
    />
  );

  return (
    <Modal
      open
      title={picker.title}
      width={picker.width}
      okText={PICKER_TEXTS.ok}
      cancelText={PICKER_TEXTS.cancel}
      onOk={() => onOk(selection)}
      onCancel={onCancel}
    >
      {picker.showSelected ? (
        // The spec's biz picker: the query form and the table on the left, the picked card on the right.
        <Row gutter={12}>
          <Col span={16}>
            {queryBar(picker.width * (16 / 24))}
            {table}
          </Col>
          <Col span={8}>
            <Card size="small" title={selectedTitle(page.entity.title)} className="picker-selected">
              <List
                size="small"
                locale={{ emptyText: PICKER_TEXTS.noData }}
                dataSource={[...selection.keys]}
                renderItem={(key) => (
                  <List.Item
                    actions={[
                      <Typography.Link key="remove" onClick={() => setSelection((current) => removeKey(current, key))}>
                        {PICKER_TEXTS.remove}
                      </Typography.Link>,
                    ]}
                  >
                    <CellText {...pickedText(selection.rows.get(key), key, picker.textField.name, picker.ellipsis)} />
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        </Row>
      ) : (
        <>
          {queryBar(picker.width)}
          {table}
        </>
      )}
    </Modal>
  );
}
