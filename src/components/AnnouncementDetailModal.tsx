import { useMemo, useState } from 'react';
import { Button, Divider, Modal, Space, Tag, Tooltip, Typography } from 'antd';
import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { Announcement } from '../api/types';
import { sanitizeHtml } from '../../runtime/richText/sanitizeInBrowser';

export const ANNOUNCEMENT_TEXTS = {
  title: '通知消息',
  close: '关闭',
  handle: '去处理',
  sender: '发布人',
  sendTime: '发布时间',
  fullscreen: '全屏',
  exitFullscreen: '退出全屏',
} as const;

const PRIORITY: Record<string, { text: string; color: string }> = {
  L: { text: '一般', color: 'blue' },
  M: { text: '重要', color: 'orange' },
  H: { text: '紧急', color: 'red' },
};

export function priorityTag(priority: string | null | undefined) {
  const known = priority ? PRIORITY[priority] : undefined;
  return known ? <Tag color={known.color}>{known.text}</Tag> : null;
}

/** The announcement's own page to handle it, when it names one (spec §2: openType url or component). */
export function handleTarget(annt: Pick<Announcement, 'openType' | 'openPage'>): string | undefined {
  if ((annt.openType === 'url' || annt.openType === 'component') && annt.openPage) return annt.openPage;
  return undefined;
}

interface AnnouncementDetailModalProps {
  announcement: Announcement | null;
  onClose(): void;
}

/** Announcement detail (spec §2): width 60%, 100% in full screen; HTML content sanitised. */
export default function AnnouncementDetailModal({ announcement, onClose }: AnnouncementDetailModalProps) {
  const navigate = useNavigate();
  const [fullscreen, setFullscreen] = useState(false);
  const html = useMemo(
    // The rich-text policy, not DOMPurify's html profile: that one keeps <style>, which restyles the whole page.
    () => sanitizeHtml(announcement?.msgContent ?? ''),
    [announcement],
  );
  const target = announcement ? handleTarget(announcement) : undefined;

  const goHandle = () => {
    if (!target) return;
    onClose();
    if (/^https?:\/\//i.test(target)) window.open(target, '_blank', 'noopener');
    else navigate(target);
  };

  return (
    <Modal
      open={announcement !== null}
      width={fullscreen ? '100%' : '60%'}
      style={fullscreen ? { top: 0, paddingBottom: 0, maxWidth: '100vw' } : undefined}
      title={
        <Space>
          <span>{ANNOUNCEMENT_TEXTS.title}</span>
          <Tooltip title={fullscreen ? ANNOUNCEMENT_TEXTS.exitFullscreen : ANNOUNCEMENT_TEXTS.fullscreen}>
            <Button
              type="text"
              size="small"
              aria-label={fullscreen ? ANNOUNCEMENT_TEXTS.exitFullscreen : ANNOUNCEMENT_TEXTS.fullscreen}
              icon={fullscreen ? <CompressOutlined /> : <ExpandOutlined />}
              onClick={() => setFullscreen((v) => !v)}
            />
          </Tooltip>
        </Space>
      }
      onCancel={onClose}
      footer={
        <Space>
          {target && (
            <Button type="primary" onClick={goHandle}>
              {ANNOUNCEMENT_TEXTS.handle}
            </Button>
          )}
          <Button onClick={onClose}>{ANNOUNCEMENT_TEXTS.close}</Button>
        </Space>
      }
    >
      {announcement && (
        <article>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {announcement.titile} {priorityTag(announcement.priority)}
          </Typography.Title>
          <Typography.Text type="secondary">
            {ANNOUNCEMENT_TEXTS.sender}：{announcement.sender ?? '—'}
            <Divider type="vertical" />
            {ANNOUNCEMENT_TEXTS.sendTime}：{announcement.sendTime ?? announcement.createTime ?? '—'}
          </Typography.Text>
          <Divider style={{ margin: '12px 0' }} />
          {/* Sanitised above: announcements are authored HTML and must not run scripts. */}
          <div className="announcement-content" dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      )}
    </Modal>
  );
}
