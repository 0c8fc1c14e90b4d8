/** The dialog of a row action's test box: one input, 测试, and the answer under it (green passed, red refused). */
import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import type { Host } from '../../host/types';
import { runTestBox, TEST_BOX_TEXTS, type TestOutcome } from '../../list/testBox';
import type { CompiledCustomRowAction } from '../../schema/compiledPageTypes';

export interface TestBoxModalProps {
  action: CompiledCustomRowAction;
  host: Host;
  rowId: string;
  onClose(): void;
}

export function TestBoxModal({ action, host, rowId, onClose }: TestBoxModalProps) {
  const [value, setValue] = useState('');
  const [outcome, setOutcome] = useState<TestOutcome | undefined>(undefined);
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    setOutcome(await runTestBox(host, action, rowId, value));
    setRunning(false);
  };
  return (
    <Modal open title={action.input?.title ?? action.title} width={560} footer={null} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical" className="schema-test-box" onFinish={() => void run()}>
        <Form.Item label={action.input?.label}>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              value={value}
              placeholder={`请输入${action.input?.label ?? ''}`}
              onChange={(event) => {
                setValue(event.target.value);
                setOutcome(undefined);
              }}
            />
            <Button type="primary" htmlType="submit" loading={running}>
              {TEST_BOX_TEXTS.run}
            </Button>
          </Space.Compact>
        </Form.Item>
        {outcome && <Alert className="schema-test-result" type={outcome.passed ? 'success' : 'error'} showIcon message={outcome.message} />}
      </Form>
    </Modal>
  );
}

export default TestBoxModal;
