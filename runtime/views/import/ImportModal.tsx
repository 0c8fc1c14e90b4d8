/**
 * 导入EXCEL (JeecgBoot JImportModal): choose one or several .xls/.xlsx files, upload them in one
 * request, read the answer. Imported → the server's message, onImported(), closed. Rows refused
 * (code 201; our server writes nothing then) → the dialog stays open with the server's message and
 * a link to download the error workbook. Other failures → '<file> <message>.' or '文件上传失败'.
 */
import { entityEndpoint } from '../../contract/entityEndpoints';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Space, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import type { Host } from '../../host/types';
import type { CompiledPage } from '../../schema/compiledPageTypes';
import { downloadTemplate } from '../list/templateDownload';
import {
  downloadErrorFile,
  IMPORT_ACCEPT,
  IMPORT_MESSAGES,
  isExcelFileName,
  uploadImport,
  type ImportErrorFile,
} from './importApi';

export interface ImportModalProps {
  page: CompiledPage;
  host: Host;
  open: boolean;
  onClose(): void;
  onImported(): void;
}

export const IMPORT_WIDTH = 600;

interface RejectedRows {
  message: string;
  errorFile?: ImportErrorFile;
}

/** The dialog exists only while open, so each opening starts with no files and no old answer. */
export function ImportModal(props: ImportModalProps) {
  return props.open ? <ImportSession {...props} /> : null;
}

function ImportSession({ page, host, open, onClose, onImported }: ImportModalProps) {
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [rejected, setRejected] = useState<RejectedRows | null>(null);

  async function start(): Promise<void> {
    const chosen = files.map((file) => file.originFileObj).filter((file): file is NonNullable<typeof file> => Boolean(file));
    if (chosen.length === 0 || uploading) return;
    setUploading(true);
    setPercent(0);
    setRejected(null);
    const outcome = await uploadImport(host, page, chosen, setPercent);
    setUploading(false);
    setPercent(null);
    if (outcome.kind === 'imported') {
      host.notify.success(outcome.message);
      setFiles([]);
      onImported();
      onClose();
    } else if (outcome.kind === 'rejectedRows') {
      setRejected({ message: outcome.message, errorFile: outcome.errorFile });
    } else {
      host.notify.warning(outcome.lines.join('\n'));
    }
  }

  async function fetchFile(run: () => Promise<string | undefined>): Promise<void> {
    const problem = await run();
    if (problem) host.notify.warning(problem);
  }

  return (
    <Modal
      open={open}
      title={IMPORT_MESSAGES.title}
      width={IMPORT_WIDTH}
      maskClosable={false}
      destroyOnHidden
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" disabled={files.length === 0} loading={uploading} onClick={() => void start()}>
            {uploading ? IMPORT_MESSAGES.uploading : IMPORT_MESSAGES.upload}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Upload.Dragger
          name="files[]"
          accept={IMPORT_ACCEPT}
          multiple
          fileList={files}
          disabled={uploading}
          beforeUpload={(file) => {
            if (!isExcelFileName(file.name)) {
              host.notify.warning(IMPORT_MESSAGES.wrongType(file.name));
              return Upload.LIST_IGNORE;
            }
            // Chosen files wait for 开始上传; nothing is sent on selection.
            return false;
          }}
          onChange={({ fileList }) => setFiles(fileList.filter((file) => isExcelFileName(file.name)))}
          onRemove={(file) => {
            setFiles((current) => current.filter((item) => item.uid !== file.uid));
            return true;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽文件到此处选择</p>
          <p className="ant-upload-hint">支持 .xls、.xlsx 格式，可同时选择多个文件</p>
        </Upload.Dragger>
        <Typography.Link onClick={() => void downloadTemplate(host, entityEndpoint(page.entity.apiPath, 'exportXlsTemplate'), page.entity.title)}>{IMPORT_MESSAGES.template}</Typography.Link>
        {percent !== null && <Progress percent={percent} size="small" />}
        {rejected && (
          <Alert
            type="warning"
            showIcon
            message={rejected.message}
            description={
              rejected.errorFile ? (
                <span>
                  {IMPORT_MESSAGES.detailsPrefix}
                  <Typography.Link
                    onClick={() => {
                      const errorFile = rejected.errorFile;
                      if (errorFile) void fetchFile(() => downloadErrorFile(host, errorFile));
                    }}
                  >
                    {IMPORT_MESSAGES.detailsLink}
                  </Typography.Link>
                </span>
              ) : undefined
            }
          />
        )}
      </Space>
    </Modal>
  );
}

export default ImportModal;
