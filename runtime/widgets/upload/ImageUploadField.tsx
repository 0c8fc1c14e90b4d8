/**
 * Picture mode: cards of the pictures (thumbnail, progress, 预览/左移/右移/删除) and antd's
 * picture-card trigger. Only image files are sent ('请上传图片'); the trigger goes once the count
 * limit is reached. A failed card says '上传失败' in its tooltip and opens '上传出错' on click.
 */
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Image, Progress, Space, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import type { Host } from '../../host/types';
import { useFileUrl } from './download';
import type { UploadEntry } from './uploadList';
import { UploadErrorDialog } from './UploadErrorDialog';
import { useUploadList, type UploadList } from './useUploadList';
import type { UploadFieldProps } from './FileUploadField';
import { UPLOAD_TEXTS } from './texts';

const CARD = 104;

const cardStyle = {
  width: CARD,
  height: CARD,
  border: '1px solid #d9d9d9',
  borderRadius: 8,
  padding: 4,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  position: 'relative',
} as const;

function ImageCard({ entry, list, host, disabled }: { entry: UploadEntry; list: UploadList; host: Host; disabled?: boolean }) {
  const url = useFileUrl(host, entry.status === 'done' ? entry.path : undefined, entry.file);
  const [previewing, setPreviewing] = useState(false);

  let face;
  if (entry.status === 'uploading') face = <Progress type="circle" percent={entry.percent} size={64} />;
  else if (entry.status === 'error')
    face = (
      <Tooltip title={UPLOAD_TEXTS.failedTooltip}>
        <button
          type="button"
          onClick={() => list.showError(entry.uid)}
          style={{ border: 0, background: 'none', color: '#ff4d4f', cursor: 'pointer', wordBreak: 'break-all' }}
        >
          {entry.name}
        </button>
      </Tooltip>
    );
  else
    face = url ? (
      <Image
        src={url}
        alt={entry.name}
        width={CARD - 10}
        height={CARD - 10}
        style={{ objectFit: 'cover' }}
        preview={{ visible: previewing, onVisibleChange: setPreviewing, src: url }}
      />
    ) : (
      <span title={entry.name}>{entry.name}</span>
    );

  return (
    <div data-testid="upload-image-card" title={entry.name}>
      <div style={{ ...cardStyle, borderColor: entry.status === 'error' ? '#ff4d4f' : '#d9d9d9' }}>{face}</div>
      <Space size={0} style={{ width: CARD, justifyContent: 'center' }}>
        {entry.status === 'done' && (
          <Button size="small" type="text" aria-label={UPLOAD_TEXTS.preview} icon={<EyeOutlined />} disabled={!url} onClick={() => setPreviewing(true)} />
        )}
        {!disabled && (
          <>
            <Button size="small" type="text" aria-label={UPLOAD_TEXTS.moveBefore} icon={<ArrowLeftOutlined />} onClick={() => list.move(entry.uid, 'before')} />
            <Button size="small" type="text" aria-label={UPLOAD_TEXTS.moveAfter} icon={<ArrowRightOutlined />} onClick={() => list.move(entry.uid, 'after')} />
            <Button size="small" type="text" danger aria-label={UPLOAD_TEXTS.remove} icon={<DeleteOutlined />} onClick={() => list.remove(entry.uid)} />
          </>
        )}
      </Space>
    </div>
  );
}

export function ImageUploadField({ accept, disabled, ...options }: UploadFieldProps) {
  const list = useUploadList({ ...options, imageOnly: true });
  const maxCount = options.maxCount ?? 0;

  return (
    <>
      <Space wrap align="start" size={8}>
        {list.entries.map((entry) => (
          <ImageCard key={entry.uid} entry={entry} list={list} host={options.host} disabled={disabled} />
        ))}
        {!disabled && !list.full && (
          <Upload
            listType="picture-card"
            showUploadList={false}
            accept={accept ?? 'image/*'}
            multiple={maxCount !== 1}
            beforeUpload={(file) => (list.accepts(file) ? true : Upload.LIST_IGNORE)}
            customRequest={({ file }) => {
              if (file instanceof File) void list.start(file, (file as File & { uid?: string }).uid);
            }}
          >
            <div>
              <PlusOutlined />
              <div style={{ marginTop: 8 }}>{UPLOAD_TEXTS.imageTrigger}</div>
            </div>
          </Upload>
        )}
      </Space>
      <UploadErrorDialog message={list.errorShown} onClose={list.closeError} />
    </>
  );
}
