/**
 * The upload popup (widgets §2): 图片上传 / 文件上传, 520 wide, with a cancel button. The files are
 * gathered in a draft; confirming hands the draft over, or says '未上传任何文件' and stays open
 * when nothing was uploaded. For callers that edit files out of line (the editable grid's file cell).
 */
import { Modal } from 'antd';
import { useState } from 'react';
import type { Host } from '../../host/types';
import { FileUploadField } from './FileUploadField';
import { ImageUploadField } from './ImageUploadField';
import { UPLOAD_POPUP_WIDTH, UPLOAD_TEXTS } from './texts';
import { keptEntries, entriesFromValue, type StoredFile, type UploadValueMode } from './uploadList';

export interface UploadPopupProps {
  open: boolean;
  host: Host;
  image?: boolean;
  /** The value the popup starts from. */
  value: unknown;
  mode?: UploadValueMode;
  maxCount?: number;
  accept?: string;
  biz?: string;
  action?: string;
  /** Send the session token with the uploads (default true). */
  withToken?: boolean;
  onOk(value: string | StoredFile[]): void;
  onCancel(): void;
}

/** Mounted only while open, so every opening starts from the current value. */
export function UploadPopup(props: UploadPopupProps) {
  return props.open ? <UploadPopupSession {...props} /> : null;
}

function UploadPopupSession({ host, image, value, mode = 'paths', maxCount, accept, biz, action, withToken, onOk, onCancel }: UploadPopupProps) {
  const [draft, setDraft] = useState<unknown>(value);
  const Field = image ? ImageUploadField : FileUploadField;

  function confirm() {
    if (keptEntries(entriesFromValue(draft)).length === 0) {
      host.notify.warning(UPLOAD_TEXTS.nothingUploaded);
      return;
    }
    onOk(draft as string | StoredFile[]);
  }

  return (
    <Modal
      open
      title={image ? UPLOAD_TEXTS.imagePopupTitle : UPLOAD_TEXTS.filePopupTitle}
      width={UPLOAD_POPUP_WIDTH}
      okText={UPLOAD_TEXTS.confirm}
      cancelText={UPLOAD_TEXTS.cancel}
      onOk={confirm}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
    >
      <Field host={host} value={draft} onChange={setDraft} mode={mode} maxCount={maxCount} accept={accept} biz={biz} action={action} withToken={withToken} />
    </Modal>
  );
}
