/** '上传出错' — why a failed entry failed, opened from its '上传失败' tooltip (JeecgBoot's $error dialog). */
import { CloseCircleFilled } from '@ant-design/icons';
import { Modal, Space } from 'antd';
import { UPLOAD_TEXTS } from './texts';

export function UploadErrorDialog({ message, onClose }: { message: string | null; onClose(): void }) {
  return (
    <Modal
      open={message !== null}
      title={UPLOAD_TEXTS.errorDialogTitle}
      onOk={onClose}
      onCancel={onClose}
      okText={UPLOAD_TEXTS.confirm}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable
      destroyOnHidden
    >
      <Space align="start">
        <CloseCircleFilled style={{ color: '#ff4d4f' }} />
        <span>{`${UPLOAD_TEXTS.errorDialogPrefix}${message ?? ''}`}</span>
      </Space>
    </Modal>
  );
}
