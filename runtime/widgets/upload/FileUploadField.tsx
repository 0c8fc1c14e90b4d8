/**
 * File mode: antd's text upload list over the headless list. A failed entry shows the tooltip
 * '上传失败' (antd shows a string `response` as the error tooltip) and opens '上传出错' on click;
 * a done entry downloads on click or with its download icon.
 */
import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile } from 'antd';
import type { UploadEntry } from './uploadList';
import { UploadErrorDialog } from './UploadErrorDialog';
import { useUploadList, type UploadListOptions } from './useUploadList';
import { UPLOAD_TEXTS } from './texts';

export interface UploadFieldProps extends Omit<UploadListOptions, 'imageOnly'> {
  accept?: string;
  disabled?: boolean;
}

export function toUploadFile(entry: UploadEntry): UploadFile {
  return {
    uid: entry.uid,
    name: entry.name,
    status: entry.status,
    percent: entry.percent,
    size: entry.size,
    type: entry.type,
    ...(entry.status === 'error' ? { response: UPLOAD_TEXTS.failedTooltip } : {}),
  };
}

export function FileUploadField({ accept, disabled, ...options }: UploadFieldProps) {
  const list = useUploadList(options);
  const maxCount = options.maxCount ?? 0;
  const byUid = (file: UploadFile) => list.entries.find((entry) => entry.uid === file.uid);

  return (
    <>
      <Upload
        fileList={list.entries.map(toUploadFile)}
        accept={accept}
        multiple={maxCount !== 1}
        disabled={disabled}
        showUploadList={{ showDownloadIcon: true, showRemoveIcon: !disabled, showPreviewIcon: false }}
        beforeUpload={(file) => (list.accepts(file) ? true : Upload.LIST_IGNORE)}
        customRequest={({ file }) => {
          if (file instanceof File) void list.start(file, (file as File & { uid?: string }).uid);
        }}
        onRemove={(file) => {
          list.remove(file.uid);
          return false;
        }}
        onPreview={(file) => {
          const entry = byUid(file);
          if (entry?.status === 'error') list.showError(entry.uid);
          else if (entry?.status === 'done') void list.download(entry.uid);
        }}
        onDownload={(file) => void list.download(file.uid)}
      >
        {/* One file replaces the other; with a larger limit the trigger goes once it is reached. */}
        {!disabled && (maxCount === 1 || !list.full) && <Button icon={<UploadOutlined />}>{UPLOAD_TEXTS.fileTrigger}</Button>}
      </Upload>
      <UploadErrorDialog message={list.errorShown} onClose={list.closeError} />
    </>
  );
}
