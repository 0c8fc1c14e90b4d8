/**
 * A result (结果页, page language `results[]`) with antd Result: the status icon, title and sub-title,
 * the grey details block and the buttons. The same view serves the page a menu item opens and the
 * last screen of a step form; only there is a saved record (for the field lines) and only there do
 * the again / close buttons exist.
 */
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { Button, Result, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { DictService } from '../../dict/dictService';
import type { PageResult, ResultAction } from '../../generated/page';
import type { Host } from '../../host/types';
import type { CompiledPage } from '../../schema/compiledPageTypes';
import { detailValue } from '../form/DetailView';

const LINE_ICONS: Record<PageResult['status'], ReactNode> = {
  success: <CheckCircleFilled style={{ color: '#52c41a' }} />,
  error: <CloseCircleFilled style={{ color: '#ff4d4f' }} />,
  info: <InfoCircleFilled style={{ color: '#1677ff' }} />,
  warning: <ExclamationCircleFilled style={{ color: '#faad14' }} />,
};

export interface ResultViewProps {
  result: PageResult;
  page: CompiledPage;
  host: Host;
  dict: DictService;
  /** The record a step form has just saved; absent on the page a menu item opens (field lines are left out). */
  record?: Record<string, unknown>;
  /** Where the result ends a form: 再填一笔 (do: again). Absent: such buttons are not shown. */
  onAgain?(): void;
  /** Where the result ends a form: the form closes (do: close, and before a route is opened). */
  onClose?(): void;
}

interface Line {
  key: string;
  label?: string;
  value: ReactNode;
}

function detailLines({ result, page, host, dict, record }: ResultViewProps): Line[] {
  return (result.details?.items ?? []).flatMap((item, i): Line[] => {
    if (item.text !== undefined) return [{ key: `t${i}`, ...(item.label === undefined ? {} : { label: item.label }), value: item.text }];
    const field = item.field === undefined ? undefined : page.fieldByName.get(item.field);
    if (!field || !record) return [];
    return [{ key: `f${i}`, label: item.label ?? field.label, value: detailValue(field, record, dict, host) }];
  });
}

export function ResultView(props: ResultViewProps) {
  const { result, host, onAgain, onClose } = props;
  const lines = detailLines(props);
  const run = (action: ResultAction) => {
    if (action.do === 'again') onAgain?.();
    else if (action.do === 'close') onClose?.();
    else if (action.to !== undefined) {
      onClose?.();
      host.navigate(action.to);
    }
  };
  // again / close belong to a form: on the page opened from the menu there is nothing to start or close.
  const actions = (result.actions ?? []).filter((action) => action.do === undefined || (action.do === 'again' ? onAgain : onClose));
  return (
    <Result
      className="schema-result"
      status={result.status}
      title={result.title}
      subTitle={result.subTitle}
      extra={
        actions.length > 0 ? (
          <Space wrap>
            {actions.map((action, i) => (
              <Button key={`${action.title}-${i}`} type={action.primary ? 'primary' : 'default'} onClick={() => run(action)}>
                {action.title}
              </Button>
            ))}
          </Space>
        ) : undefined
      }
    >
      {(result.details?.title !== undefined || lines.length > 0) && (
        <div className="schema-result-details" style={{ padding: '0 8px', textAlign: 'left' }}>
          {result.details?.title !== undefined && (
            <Typography.Paragraph strong style={{ fontSize: 16 }}>
              {result.details.title}
            </Typography.Paragraph>
          )}
          {lines.map((line) =>
            line.label === undefined ? (
              <Typography.Paragraph key={line.key} style={{ marginBottom: 8 }}>
                <Space align="start">
                  {LINE_ICONS[result.status]}
                  <span>{line.value}</span>
                </Space>
              </Typography.Paragraph>
            ) : (
              <div key={line.key} className="schema-result-line" style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
                <Typography.Text type="secondary" style={{ flex: '0 0 auto', minWidth: 72 }}>
                  {line.label}：
                </Typography.Text>
                <span style={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}>{line.value}</span>
              </div>
            ),
          )}
        </div>
      )}
    </Result>
  );
}

export default ResultView;
