/**
 * The list's upload buttons (`list.uploads`; 收件管理's 导入邮件): each picks one file, posts it to its
 * endpoint and shows the answer; with `opens: add` a success hands the answer's values to the add form.
 */
import { useRef, useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { PageToolbarUpload } from '../../generated/page';
import type { Host } from '../../host/types';
import type { CompiledPage } from '../../schema/compiledPageTypes';

export interface UploadButtonsProps {
  page: CompiledPage;
  host: Host;
  /** The answer's values of an `opens: add` upload, for the add form. */
  onOpenAdd?(values: Record<string, string>): void;
  onDone(): void;
}

/** The answer's result as form presets: string values only (a field's stored text). */
export function uploadPresets(result: unknown): Record<string, string> {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return {};
  return Object.fromEntries(Object.entries(result).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

export function uploadPermission(page: CompiledPage, upload: PageToolbarUpload): string {
  return upload.permission ?? page.permissions.add;
}

function UploadButton({ page, host, upload, onOpenAdd, onDone }: UploadButtonsProps & { upload: PageToolbarUpload }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function send(file: File): Promise<void> {
    setBusy(true);
    try {
      const answer = await host.request.upload<unknown>(`${page.entity.apiPath}/${upload.endpoint}`, [file]);
      if (!answer.success) {
        host.notify.warning(answer.message || '上传失败');
        return;
      }
      host.notify.success(answer.message || '上传成功');
      if (upload.opens === 'add' && onOpenAdd) onOpenAdd(uploadPresets(answer.result));
      else onDone();
    } catch {
      // The request layer has told the user.
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
        {upload.title}
      </Button>
      <input
        ref={input}
        type="file"
        accept={upload.accept}
        aria-label={upload.title}
        data-upload={upload.key}
        style={{ display: 'none' }}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
    </>
  );
}

export function UploadButtons(props: UploadButtonsProps) {
  const uploads = (props.page.document.list.uploads ?? []).filter((u) => props.host.hasPermission(uploadPermission(props.page, u)));
  return (
    <>
      {uploads.map((upload) => (
        <UploadButton key={upload.key} {...props} upload={upload} />
      ))}
    </>
  );
}
