/**
 * 高级查询构造器 (width 1000): the match selector, one row per condition (field, rule, value, add and
 * remove), the saved queries beside them (load on click, delete with confirmation), and the footer
 * 重置 · 保存查询条件 … 关闭 · 查询. The save-name prompt 请输入保存的名称 is its own small dialog.
 * Behaviour lives in the headless builder; this file lays it out.
 */
import { useState } from 'react';
import { CloseCircleOutlined, FileTextOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Divider, Empty, Form, Input, Modal, Row, Select, Space, Spin, Typography } from 'antd';
import type { DictService } from '../../../dict/dictService';
import type { Host } from '../../../host/types';
import { SUPER_QUERY_RULES, type SuperQueryMatchType, type SuperQueryRule } from '../../../list/types';
import type { BuilderState, SuperQueryBuilder } from '../../../superQuery/builder';
import type { SuperQueryField } from '../../../superQuery/fields';
import { MATCH_LABELS, RULE_LABELS, SUPER_QUERY_TEXTS as T } from '../../../superQuery/texts';
import { ValueInput } from './ValueInput';

export const SUPER_QUERY_MODAL_WIDTH = 1000;

export interface SuperQueryModalProps {
  open: boolean;
  onClose(): void;
  builder: SuperQueryBuilder;
  state: BuilderState;
  fields: readonly SuperQueryField[];
  host: Host;
  dict: DictService;
}

const RULE_OPTIONS = SUPER_QUERY_RULES.map((rule) => ({ value: rule, label: RULE_LABELS[rule] }));
const MATCH_OPTIONS = (['and', 'or'] as const).map((value) => ({ value, label: MATCH_LABELS[value] }));

interface SavePromptProps {
  open: boolean;
  name: string;
  setName(name: string): void;
  onOk(name: string): Promise<boolean>;
  onCancel(): void;
}

function SavePrompt({ open, name, setName, onOk, onCancel }: SavePromptProps) {
  return (
    <Modal
      title={T.promptTitle}
      open={open}
      onCancel={onCancel}
      onOk={() => void onOk(name)}
    >
      <Input aria-label={T.promptTitle} value={name} autoFocus onChange={(e) => setName(e.target.value)} onPressEnter={() => void onOk(name)} />
    </Modal>
  );
}

export function SuperQueryModal({ open, onClose, builder, state, fields, host, dict }: SuperQueryModalProps) {
  const [prompt, setPrompt] = useState(false);
  const [name, setName] = useState('');
  const fieldOptions = fields.map((field) => ({ value: field.value, label: field.text }));
  const { rows, matchType, saved, busy } = state;

  return (
    <Modal
      title={T.title}
      width={SUPER_QUERY_MODAL_WIDTH}
      open={open}
      onCancel={onClose}
      mask={false}
      style={{ top: '5%' }}
      className="super-query-modal"
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Space>
            <Button onClick={() => builder.reset()}>{T.reset}</Button>
            <Button
              loading={busy}
              onClick={() => {
                if (!builder.canSave()) return;
                setName('');
                setPrompt(true);
              }}
            >
              {T.save}
            </Button>
          </Space>
          <Space>
            <Button onClick={onClose}>{T.close}</Button>
            <Button type="primary" onClick={() => builder.run()}>
              {T.search}
            </Button>
          </Space>
        </div>
      }
    >
      <Spin spinning={busy}>
        <Row gutter={16}>
          <Col md={19} sm={24}>
            {rows.length === 0 ? (
              <Empty style={{ marginBottom: 12 }} description={
                <span>
                  {T.noCondition}
                  <Divider type="vertical" />
                  <a onClick={() => builder.addRow()}>{T.addOne}</a>
                </span>
              } />
            ) : (
              <Form layout="inline" component="div">
                <Row style={{ marginBottom: 12, width: '100%' }}>
                  <Col md={14} xs={24}>
                    <Form.Item label={T.matchLabel} style={{ width: '100%' }}>
                      <Select<SuperQueryMatchType>
                        aria-label={T.matchLabel}
                        value={matchType}
                        options={MATCH_OPTIONS}
                        onChange={(value) => builder.setMatchType(value)}
                      />
                    </Form.Item>
                  </Col>
                </Row>
                {rows.map((row, index) => {
                  const field = fields.find((candidate) => candidate.value === row.field);
                  const n = index + 1;
                  return (
                    <Row key={index} gutter={16} style={{ width: '100%', marginBottom: 12 }} className="super-query-row" data-row={n}>
                      <Col md={8} xs={24}>
                        <Select
                          aria-label={`条件${n}的字段`}
                          style={{ width: '100%' }}
                          showSearch
                          allowClear
                          optionFilterProp="label"
                          placeholder={T.fieldPlaceholder}
                          options={fieldOptions}
                          value={row.field}
                          onChange={(value: string | undefined) => builder.setField(index, value)}
                        />
                      </Col>
                      <Col md={5} xs={24}>
                        <Select<SuperQueryRule>
                          aria-label={`条件${n}的匹配规则`}
                          style={{ width: '100%' }}
                          placeholder={T.rulePlaceholder}
                          options={RULE_OPTIONS}
                          value={row.rule}
                          onChange={(value) => builder.setRule(index, value)}
                        />
                      </Col>
                      <Col md={7} xs={24}>
                        <ValueInput
                          key={`${row.field ?? ''}:${row.rule === 'in' ? 'in' : 'one'}`}
                          label={`条件${n}的值`}
                          field={field}
                          rule={row.rule}
                          value={row.val}
                          host={host}
                          dict={dict}
                          onChange={(value) => builder.setValue(index, value)}
                        />
                      </Col>
                      <Col md={4} xs={24}>
                        <Space>
                          <Button icon={<PlusOutlined />} aria-label={`${T.add}${n}`} title={T.add} onClick={() => builder.addRow(index)} />
                          <Button icon={<MinusOutlined />} aria-label={`${T.remove}${n}`} title={T.remove} onClick={() => builder.removeRow(index)} />
                        </Space>
                      </Col>
                    </Row>
                  );
                })}
              </Form>
            )}
          </Col>
          <Col md={5} sm={24}>
            <Card size="small" title={T.savedTitle} className="super-query-saved" styles={{ body: { padding: 4 } }}>
              {saved.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.savedEmpty} />
              ) : (
                <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={T.savedTitle}>
                  {saved.map((query) => (
                    <li key={query.id || query.title} style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '4px 4px' }}>
                      <FileTextOutlined style={{ color: '#1677ff' }} />
                      <Typography.Link
                        ellipsis
                        style={{ flex: 1, minWidth: 0 }}
                        title={query.title}
                        onClick={() => builder.load(query)}
                      >
                        {query.title}
                      </Typography.Link>
                      <Button
                        type="text"
                        size="small"
                        icon={<CloseCircleOutlined />}
                        aria-label={`${T.removeSaved}${query.title}`}
                        title={T.removeSaved}
                        onClick={() => void builder.remove(query)}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </Col>
        </Row>
      </Spin>
      <SavePrompt
        open={prompt}
        name={name}
        setName={setName}
        onCancel={() => setPrompt(false)}
        onOk={async (name) => {
          const done = await builder.saveAs(name);
          if (done) setPrompt(false);
          return done;
        }}
      />
    </Modal>
  );
}
