/**
 * The query bar: one input per query item, 查询 / 重置, and the advanced items collapsed under
 * 展开 / 收起. Enter in an input runs the query (the form submits). The form follows the list's
 * query, so a bookmarked or back-navigated URL shows its values.
 */
import { memo, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row, Space, type ColProps } from 'antd';
import type { DictService } from '../../dict/dictService';
import type { QueryValues } from '../../list/types';
import type { CompiledQueryItem } from '../../schema/compiledPageTypes';
import { bindsOwnNames, QueryInput } from './QueryInput';
import { toFormValues, toQueryValues, type FormValues } from './queryControls';
import './queryBar.css';

export interface QueryBarProps {
  items: readonly CompiledQueryItem[];
  /** The list's current query values. */
  values: QueryValues;
  dict: DictService;
  onSearch(values: QueryValues): void;
  onReset(): void;
  /**
   * The column of each item (and of the buttons). Default: by the window's breakpoints, four a row
   * on a wide screen — right for a page; a dialog lays its bar out by its own width instead.
   */
  itemCol?: ColProps;
}

export const QUERY_TEXTS = { search: '查询', reset: '重置', expand: '展开', collapse: '收起' } as const;

const ITEM_COL: ColProps = { xl: 6, lg: 8, md: 12, sm: 24, xs: 24 };

/**
 * Width one query item needs: a four-character label with its colon, an input showing its whole
 * 请输入<label> hint, and the gutter.
 */
export const QUERY_ITEM_MIN_WIDTH = 230;
/** Horizontal padding of an antd modal's body (24 px each side). */
const MODAL_BODY_PADDING = 48;

/** Columns of a query bar in a dialog this wide: as many items a row as fit, at most four. */
export function dialogQueryItemCol(dialogWidth: number): ColProps {
  const perRow = Math.max(1, Math.min(4, Math.floor((dialogWidth - MODAL_BODY_PADDING) / QUERY_ITEM_MIN_WIDTH)));
  return { span: 24 / perRow };
}

/**
 * Memoised: the list's answer (rows, total, loading) re-renders the page, not its query bar — the
 * page passes stable handlers and the query's own values object.
 */
export const QueryBar = memo(function QueryBar({ items, values, dict, onSearch, onReset, itemCol = ITEM_COL }: QueryBarProps) {
  const [form] = Form.useForm<FormValues>();
  // antd names each control's id after its field: a picker dialog's query bar over the list's own
  // page (选择发票 on 发票) would repeat the list's ids, and a label would point at the other bar.
  const formName = `query${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const hasAdvanced = items.some((item) => item.advanced);
  // A URL that already queries an advanced item opens the bar expanded, so the condition is visible.
  const [expanded, setExpanded] = useState(() => items.some((item) => item.advanced && values[item.field.name] !== undefined));
  // Collapsed advanced items mount in a deferred render after the page (and its rows) painted: hidden,
  // they only lengthened the menu click (a date range is ≈ 100 components). Their values live in the
  // form's store either way (setFieldsValue, getFieldsValue(true)).
  const advancedMounted = useDeferredValue(true, false);
  const valuesKey = useMemo(() => JSON.stringify(values), [values]);
  // The form's store is empty until the first run below: nothing typed, nothing touched.
  const storeFresh = useRef(true);

  useEffect(() => {
    // A page without query items renders no Form, and its instance must not be used unconnected.
    if (items.length === 0) return;
    // resetFields re-renders every item (rc-field-form's 'reset'); on a fresh store it changes
    // nothing, and in the menu click it was a second render of the whole bar.
    if (!storeFresh.current) form.resetFields();
    storeFresh.current = false;
    form.setFieldsValue(toFormValues(items, JSON.parse(valuesKey) as QueryValues));
  }, [form, items, valuesKey]);

  if (items.length === 0) return null;

  return (
    <Form
      form={form}
      name={formName}
      className="schema-list-query"
      layout="inline"
      onFinish={() => onSearch(toQueryValues(items, form.getFieldsValue(true) as FormValues))}
    >
      <Row gutter={24} style={{ width: '100%' }}>
        {items.map((item) =>
          item.advanced && !expanded && !advancedMounted ? null : (
            <Col key={item.field.name} {...itemCol} hidden={item.advanced && !expanded}>
              <Form.Item
                label={item.label}
                name={bindsOwnNames(item) ? undefined : item.field.name}
                style={{ width: '100%', marginBottom: 12 }}
                // The input may shrink to the column, so a longer placeholder does not push it under its label.
                wrapperCol={{ style: { minWidth: 0 } }}
              >
                <QueryInput item={item} dict={dict} />
              </Form.Item>
            </Col>
          ),
        )}
        <Col {...itemCol}>
          <Space style={{ marginBottom: 12 }}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {QUERY_TEXTS.search}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                onReset();
              }}
            >
              {QUERY_TEXTS.reset}
            </Button>
            {hasAdvanced && (
              <a onClick={() => setExpanded((open) => !open)} role="button">
                {expanded ? QUERY_TEXTS.collapse : QUERY_TEXTS.expand}
                {expanded ? <UpOutlined style={{ marginLeft: 4 }} /> : <DownOutlined style={{ marginLeft: 4 }} />}
              </a>
            )}
          </Space>
        </Col>
      </Row>
    </Form>
  );
});
