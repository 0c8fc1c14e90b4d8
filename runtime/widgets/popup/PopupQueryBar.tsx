/**
 * The popup dialog's query bar, built from the report's query info: one control per item (a
 * dictionary select, a date, or text; two for a group item), the items flagged hidden '1' only while
 * expanded (展开 / 收起), and 查询 / 重置. Enter in a text box searches.
 */
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Input, Row, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { DictOption, ReportQueryItem } from './reportApi';
import type { QueryValues } from './reportQuery';
import { POPUP_TEXTS } from './texts';
import { DATE_FORMAT, DATETIME_FORMAT } from '../../schema/storedValues';

interface PopupQueryBarProps {
  items: readonly ReportQueryItem[];
  dictOptions: Readonly<Record<string, DictOption[] | null | undefined>>;
  values: QueryValues;
  onChange(values: QueryValues): void;
  onSearch(): void;
  onReset(): void;
}

const DATE_FORMATS = { date: DATE_FORMAT, datetime: DATETIME_FORMAT } as const;

function Control({
  item,
  name,
  label,
  options,
  value,
  onChange,
  onSearch,
}: {
  item: ReportQueryItem;
  name: string;
  label: string;
  options: DictOption[] | null | undefined;
  value: string;
  onChange(name: string, value: string): void;
  onSearch(): void;
}) {
  if (item.view === 'list' || item.dictCode) {
    return (
      <Select
        aria-label={label}
        allowClear
        style={{ width: '100%' }}
        placeholder={`请选择${item.label}`}
        value={value === '' ? undefined : value}
        options={(options ?? []).map((o) => ({ value: o.value, label: o.text }))}
        onChange={(next?: string) => onChange(name, next ?? '')}
      />
    );
  }
  if (item.view === 'date' || item.view === 'datetime') {
    const format = DATE_FORMATS[item.view];
    return (
      <DatePicker
        aria-label={label}
        style={{ width: '100%' }}
        showTime={item.view === 'datetime'}
        format={format}
        value={value === '' ? null : dayjs(value, format)}
        onChange={(next) => onChange(name, next ? next.format(format) : '')}
      />
    );
  }
  return (
    <Input
      aria-label={label}
      placeholder={`请输入${item.label}`}
      value={value}
      onChange={(event) => onChange(name, event.target.value)}
      onPressEnter={onSearch}
    />
  );
}

export function PopupQueryBar({ items, dictOptions, values, onChange, onSearch, onReset }: PopupQueryBarProps) {
  const [expanded, setExpanded] = useState(false);
  if (items.length === 0) return null;
  const hasHidden = items.some((item) => item.hidden === '1');
  const shown = items.filter((item) => expanded || item.hidden !== '1');
  const set = (name: string, value: string) => onChange({ ...values, [name]: value });
  const control = (item: ReportQueryItem, name: string, label: string) => (
    <Control item={item} name={name} label={label} options={dictOptions[item.field]} value={values[name] ?? ''} onChange={set} onSearch={onSearch} />
  );

  return (
    <Row gutter={[24, 12]} style={{ marginBottom: 16 }}>
      {shown.map((item) => (
        <Col key={item.field} md={8} sm={24}>
          <Space.Compact block style={{ alignItems: 'center' }}>
            <Typography.Text style={{ flex: 'none', width: 90, textAlign: 'right', paddingRight: 8 }}>{`${item.label}：`}</Typography.Text>
            {item.mode === 'group' ? (
              <Space style={{ flex: 1 }} size={4}>
                {control(item, `${item.field}_begin`, `${item.label}开始`)}
                <span>~</span>
                {control(item, `${item.field}_end`, `${item.label}结束`)}
              </Space>
            ) : (
              <div style={{ flex: 1 }}>{control(item, item.field, item.label)}</div>
            )}
          </Space.Compact>
        </Col>
      ))}
      <Col md={8} sm={24}>
        <Space>
          <Button type="primary" icon={<SearchOutlined />} onClick={onSearch}>
            {POPUP_TEXTS.search}
          </Button>
          <Button type="primary" icon={<ReloadOutlined />} onClick={onReset}>
            {POPUP_TEXTS.reset}
          </Button>
          {hasHidden && (
            <Typography.Link onClick={() => setExpanded((open) => !open)}>
              {expanded ? POPUP_TEXTS.collapse : POPUP_TEXTS.expand} {expanded ? <UpOutlined /> : <DownOutlined />}
            </Typography.Link>
          )}
        </Space>
      </Col>
    </Row>
  );
}
