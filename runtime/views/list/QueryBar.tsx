/**
 * The query bar: one input per query item, 查询 / 重置, and the advanced items collapsed under
 * 展开 / 收起. Enter in an input runs the query (the form submits). The form follows the list's
 * query, so a bookmarked or back-navigated URL shows its values.
 */
import { useEffect, useMemo, useState } from 'react';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row, Space } from 'antd';
import type { DictService } from '../../dict/dictService';
import type { QueryValues } from '../../list/types';
import type { CompiledQueryItem } from '../../schema/compiledPage';
import { bindsOwnNames, QueryInput } from './QueryInput';
import { toFormValues, toQueryValues, type FormValues } from './queryControls';

export interface QueryBarProps {
  items: readonly CompiledQueryItem[];
  /** The list's current query values. */
  values: QueryValues;
  dict: DictService;
  onSearch(values: QueryValues): void;
  onReset(): void;
}

export const QUERY_TEXTS = { search: '查询', reset: '重置', expand: '展开', collapse: '收起' } as const;

const ITEM_COL = { xl: 6, lg: 8, md: 12, sm: 24, xs: 24 } as const;

export function QueryBar({ items, values, dict, onSearch, onReset }: QueryBarProps) {
  const [form] = Form.useForm<FormValues>();
  const hasAdvanced = items.some((item) => item.advanced);
  // A URL that already queries an advanced item opens the bar expanded, so the condition is visible.
  const [expanded, setExpanded] = useState(() => items.some((item) => item.advanced && values[item.field.name] !== undefined));
  const valuesKey = useMemo(() => JSON.stringify(values), [values]);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toFormValues(items, JSON.parse(valuesKey) as QueryValues));
  }, [form, items, valuesKey]);

  if (items.length === 0) return null;

  return (
    <Form
      form={form}
      className="schema-list-query"
      layout="inline"
      onFinish={() => onSearch(toQueryValues(items, form.getFieldsValue(true) as FormValues))}
    >
      <Row gutter={24} style={{ width: '100%' }}>
        {items.map((item) => (
          <Col key={item.field.name} {...ITEM_COL} hidden={item.advanced && !expanded}>
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
        ))}
        <Col {...ITEM_COL}>
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
}
