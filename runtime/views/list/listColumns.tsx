/**
 * The table's columns from the compiled list: row number, the schema's columns (title, width,
 * align, formatted text cut after N characters with the full text in a tooltip, sorter bound to the
 * list's sort) and the 操作 column with the row actions the user is allowed.
 */
import type { KeyboardEvent, ReactElement, ReactNode } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { Dropdown, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { DictService } from '../../dict/dictService';
import type { Host } from '../../host/types';
import type { SortState } from '../../list/types';
import type { CompiledListColumn, CompiledPage, CompiledRowAction } from '../../schema/compiledPageTypes';
import { getCellRenderer } from '../../widgets/registry';
import { cellText, ellipsis } from './cellText';
import { actionColumnWidth, MORE_ROW_ACTIONS_TEXT, rowActionKey, rowActionTitle, splitRowActions, visibleRowActions, type Row } from './rowActions';
import './rowActions.css';

export { ROW_ACTION_TEXTS, type Row } from './rowActions';

/** Width of a column the page does not size (widgets spec §9: 'else … 120px'), so none is squeezed to a letter. */
export const DEFAULT_COLUMN_WIDTH = 120;

export const ACTION_COLUMN_TITLE = '操作';

export interface ColumnOptions {
  page: CompiledPage;
  host: Host;
  dict: DictService;
  sort: SortState;
  /** First row's number on this page minus one. */
  offset: number;
  /** The rows shown, for the width of the 操作 column (links a row hides take no room). */
  rows?: readonly Row[];
  onRowAction(action: CompiledRowAction, record: Row): void;
  /** The first column links to the row's record page (a page with `recordPage`). */
  onOpenRecord?(record: Row): void;
}

/** A text cut after `max` characters with the whole text in a tooltip (also the picker's 已选 card). */
export function CellText({ text, max }: { text: string; max: number }) {
  const { shown, cut } = ellipsis(text, max);
  if (!cut) return <>{shown}</>;
  return (
    <Tooltip title={text}>
      <span>{shown}</span>
    </Tooltip>
  );
}

function sortOrderOf(column: CompiledListColumn, sort: SortState): 'ascend' | 'descend' | null {
  if (!column.sortable || sort.column !== column.field.name) return null;
  return sort.order === 'asc' ? 'ascend' : 'descend';
}

function dataColumn(column: CompiledListColumn, options: ColumnOptions, opens?: (record: Row) => void) {
  const { host, dict } = options;
  const custom = getCellRenderer(column.field.widget);
  return {
    key: column.field.name,
    dataIndex: column.dataIndex,
    title: column.title,
    align: column.align,
    width: column.width ?? DEFAULT_COLUMN_WIDTH,
    ...(column.sortable ? { sorter: true, sortOrder: sortOrderOf(column, options.sort) } : {}),
    // The ellipsis filter shows one line (spec §9: 25 characters, 1 line): a cut text widens its
    // column (the table scrolls) instead of wrapping into a tall row.
    ...(!custom && column.ellipsis > 0 ? { onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }) } : {}),
    render: (_: unknown, record: Row, index: number): ReactNode =>
      custom ? (
        custom(record[column.field.name], { column, record, index, host, dict })
      ) : opens ? (
        rowLink(<CellText text={cellText(column, record, dict)} max={column.ellipsis} />, () => opens(record))
      ) : (
        <CellText text={cellText(column, record, dict)} max={column.ellipsis} />
      ),
  };
}

/** Enter on a focused row link does what its click does (the links are reached with Tab). */
function clickOnEnter(event: KeyboardEvent<HTMLElement>) {
  if (event.key === 'Enter') event.currentTarget.click();
}

/**
 * A link of the 操作 column (or the first column's record link): a plain <a> styled as antd's
 * Typography.Link (rowActions.css) — ten rows of antd links and dividers were half the list's table.
 */
function rowLink(children: ReactNode, onClick?: () => void): ReactElement {
  return (
    <a className="schema-list-row-action" tabIndex={0} onClick={onClick} onKeyDown={clickOnEnter}>
      {children}
    </a>
  );
}

function actionLinks(actions: readonly CompiledRowAction[], inline: number | undefined, record: Row, onRowAction: ColumnOptions['onRowAction']) {
  const { links, more } = splitRowActions(visibleRowActions(actions, record), inline);
  // Each link in its item; the CSS draws the divider before every item but the first.
  const shown = links.map((action) => (
    <span key={rowActionKey(action)} className="schema-list-row-action-item">
      {rowLink(rowActionTitle(action), () => onRowAction(action, record))}
    </span>
  ));
  if (more.length === 0) return shown;
  const byKey = new Map(more.map((action) => [rowActionKey(action), action]));
  return [
    ...shown,
    <span key="__more" className="schema-list-row-action-item">
      {/* Opened by a click (or Enter), so the keyboard reaches it as well as the mouse. */}
      <Dropdown
        trigger={['click']}
        menu={{
          items: more.map((action) => ({ key: rowActionKey(action), label: rowActionTitle(action) })),
          onClick: ({ key }) => {
            const action = byKey.get(key);
            if (action) onRowAction(action, record);
          },
        }}
      >
        {rowLink(
          <>
            {MORE_ROW_ACTIONS_TEXT} <DownOutlined />
          </>,
        )}
      </Dropdown>
    </span>,
  ];
}

export function listColumns(options: ColumnOptions): ColumnsType<Row> {
  const { page, host, offset, onRowAction } = options;
  // Tree pages have no row numbers: a child row has no place in the page's numbering, and the first
  // column carries the expand icon and the indentation.
  const rowNumber: ColumnsType<Row> = page.entity.tree || page.list.wholeTree
    ? []
    : [
        {
          key: 'rowIndex',
          title: '#',
          width: 60,
          align: 'center',
          render: (_: unknown, __: Row, index: number) => offset + index + 1,
        },
      ];
  const columns: ColumnsType<Row> = [...rowNumber, ...page.list.columns.map((column, i) => dataColumn(column, options, i === 0 ? options.onOpenRecord : undefined))];
  const allowed = page.list.rowActions.filter((action) => host.hasPermission(action.permission));
  const inline = page.document.list.inlineRowActions;
  if (allowed.length > 0) {
    columns.push({
      key: 'action',
      title: ACTION_COLUMN_TITLE,
      align: 'center',
      // A wide list scrolls sideways; the row actions stay in reach at its right edge.
      fixed: 'right',
      width: actionColumnWidth(allowed, options.rows ?? [], inline),
      render: (_: unknown, record: Row) => <span className="schema-list-row-actions">{actionLinks(allowed, inline, record, onRowAction)}</span>,
    });
  }
  return columns;
}
