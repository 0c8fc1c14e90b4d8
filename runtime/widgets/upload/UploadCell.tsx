/**
 * The editable grid's file cell (widgets spec §4, JeecgBoot's JVxeUploadCell) over the same upload
 * list as the upload widget: empty, an upload button (the column's btnText); otherwise the first
 * file's name cut to 5 characters plus '…' (full name in the tooltip), '+N' for further files, and
 * an 操作 menu — 下载 and 删除 (hidden by allowDownload / allowRemove false) and 更多, which opens the
 * upload popup with every file of the cell. A failed file shows '上传失败' (or the server's reason)
 * and opens '上传出错' on click.
 */
import { DeleteOutlined, DownloadOutlined, ExclamationCircleOutlined, LoadingOutlined, MenuOutlined, PaperClipOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip, Upload, type MenuProps } from 'antd';
import { useState } from 'react';
import type { Host } from '../../host/types';
import { shortName } from '../../files/paths';
import { CELL_NAME_LENGTH, UPLOAD_TEXTS } from './texts';
import { UploadErrorDialog } from './UploadErrorDialog';
import { UploadPopup } from './UploadPopup';
import { useUploadList } from './useUploadList';

export interface UploadCellProps {
  host: Host;
  /** Comma-joined stored paths. */
  value: unknown;
  onChange(value: string): void;
  /** Most files of the cell (0 = unlimited), enforced by the 更多 popup. */
  maxCount?: number;
  action?: string;
  /** Send the session token with the upload (the column's `token` flag). */
  withToken?: boolean;
  /** Field of the upload answer holding the stored path (the column's responseName). */
  responseName?: string;
  /** The empty cell's button. */
  btnText: string;
  allowDownload?: boolean;
  allowRemove?: boolean;
  disabled?: boolean;
}

export function UploadCell({ host, value, onChange, maxCount = 0, action, withToken, responseName, btnText, allowDownload = true, allowRemove = true, disabled }: UploadCellProps) {
  const list = useUploadList({ host, value, onChange: (next) => onChange(typeof next === 'string' ? next : ''), maxCount, action, withToken, responseName });
  const [popupOpen, setPopupOpen] = useState(false);
  const [first, ...others] = list.entries;

  if (!first) {
    return (
      <Upload
        showUploadList={false}
        multiple={false}
        disabled={disabled}
        customRequest={({ file }) => {
          if (file instanceof File) void list.start(file);
        }}
      >
        <Button size="small" icon={<UploadOutlined />} disabled={disabled}>
          {btnText}
        </Button>
      </Upload>
    );
  }

  const items: MenuProps['items'] = [
    ...(allowDownload && first.status === 'done' ? [{ key: 'download', icon: <DownloadOutlined />, label: UPLOAD_TEXTS.download }] : []),
    ...(allowRemove && !disabled ? [{ key: 'remove', icon: <DeleteOutlined />, label: UPLOAD_TEXTS.remove }] : []),
    { key: 'more', icon: <MenuOutlined />, label: UPLOAD_TEXTS.more },
  ];
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'download') void list.download(first.uid);
    else if (key === 'remove') list.remove(first.uid);
    else setPopupOpen(true);
  };

  const name = shortName(first.name, CELL_NAME_LENGTH);
  let shown;
  if (first.status === 'uploading') {
    shown = (
      <Tooltip title={UPLOAD_TEXTS.cellUploadingPercent(Math.floor(first.percent))}>
        <span className="grid-upload-file">
          <LoadingOutlined /> {UPLOAD_TEXTS.cellUploading}
        </span>
      </Tooltip>
    );
  } else if (first.status === 'error') {
    shown = (
      <Tooltip title={first.message || UPLOAD_TEXTS.failedTooltip}>
        <span className="grid-upload-file" role="button" style={{ cursor: 'pointer' }} onClick={() => list.showError(first.uid)}>
          <ExclamationCircleOutlined style={{ color: '#ff4d4f' }} /> {name}
        </span>
      </Tooltip>
    );
  } else {
    shown = (
      <Tooltip title={first.name}>
        <span className="grid-upload-file">
          <PaperClipOutlined /> {name}
        </span>
      </Tooltip>
    );
  }

  return (
    <>
      {/* A narrow column cuts the name, never the 操作 icon. */}
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap', minWidth: 0 }}>
        <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>{shown}</div>
        {others.length > 0 && <span style={{ color: 'rgba(0,0,0,0.45)', flex: 'none' }}>{UPLOAD_TEXTS.cellMoreFiles(others.length)}</span>}
        {first.status !== 'uploading' && (
          <Dropdown trigger={['click']} placement="bottomRight" menu={{ items, onClick: onMenu }}>
            <SettingOutlined role="button" aria-label={UPLOAD_TEXTS.cellActions} style={{ cursor: 'pointer', color: 'rgba(0,0,0,0.45)', flex: 'none' }} />
          </Dropdown>
        )}
      </div>
      <UploadPopup
        open={popupOpen}
        host={host}
        value={value}
        maxCount={maxCount}
        action={action}
        withToken={withToken}
        onOk={(next) => {
          onChange(typeof next === 'string' ? next : '');
          setPopupOpen(false);
        }}
        onCancel={() => setPopupOpen(false)}
      />
      <UploadErrorDialog message={list.errorShown} onClose={list.closeError} />
    </>
  );
}
