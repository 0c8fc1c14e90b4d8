/**
 * List cell of upload and image columns: each file as its name cut to 5 characters plus '…' (the
 * full name in the tooltip), a link that downloads it; pictures as a small thumbnail that opens the
 * preview. Files are fetched through the Host, never by a URL carrying the token.
 */
import { FileOutlined } from '@ant-design/icons';
import { Button, Image, Space, Tooltip } from 'antd';
import type { Host } from '../../host/types';
import { downloadStoredFile, useFileUrl } from './download';
import { fileNameOfPath, isImagePath, shortName } from '../../files/paths';
import { entriesFromValue, keptEntries } from './uploadList';
import { CELL_NAME_LENGTH, UPLOAD_TEXTS } from './texts';

export const THUMBNAIL_SIZE = 32;

function Thumbnail({ host, path }: { host: Host; path: string }) {
  const url = useFileUrl(host, path);
  const name = fileNameOfPath(path);
  if (!url) return <FileOutlined aria-label={name} />;
  return <Image src={url} alt={name} width={THUMBNAIL_SIZE} height={THUMBNAIL_SIZE} style={{ objectFit: 'cover' }} />;
}

function FileLink({ host, path, name }: { host: Host; path: string; name: string }) {
  return (
    <Tooltip title={name}>
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        icon={<FileOutlined />}
        aria-label={`${UPLOAD_TEXTS.download} ${name}`}
        onClick={() => void downloadStoredFile(host, path, name)}
      >
        {shortName(name, CELL_NAME_LENGTH)}
      </Button>
    </Tooltip>
  );
}

export function FileCell({ value, host, image }: { value: unknown; host: Host; image: boolean }) {
  const files = keptEntries(entriesFromValue(value));
  if (files.length === 0) return null;
  return (
    <Space size={4} wrap>
      {files.map((file) =>
        image && isImagePath(file.path as string) ? (
          <Thumbnail key={file.uid} host={host} path={file.path as string} />
        ) : (
          <FileLink key={file.uid} host={host} path={file.path as string} name={file.name} />
        ),
      )}
    </Space>
  );
}
