/**
 * A frame with a 全屏 / 退出全屏 switch: full screen covers the window above the form's modal;
 * Esc leaves it (and is kept from closing the modal underneath).
 */
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { EDITOR_TEXTS } from './texts';

const FULL: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 2000,
  background: '#fff',
  padding: 12,
  display: 'flex',
  flexDirection: 'column',
};

export function FullScreenFrame({
  full,
  onFullChange,
  toolbar,
  children,
  testId,
}: {
  full: boolean;
  onFullChange(full: boolean): void;
  toolbar?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  useEffect(() => {
    if (!full) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      event.preventDefault();
      onFullChange(false);
    };
    // Capture phase: before antd's modal sees the Esc and closes the whole form.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [full, onFullChange]);

  const label = full ? EDITOR_TEXTS.exitFullScreen : EDITOR_TEXTS.fullScreen;
  return (
    <div data-testid={testId} data-full-screen={full ? 'true' : 'false'} style={full ? FULL : { border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 8px', borderBottom: '1px solid #f0f0f0' }}>
        <div style={{ flex: 1, display: 'flex', alignItems: 'center', gap: 8 }}>{toolbar}</div>
        <Tooltip title={label}>
          <Button size="small" type="text" aria-label={label} icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={() => onFullChange(!full)} />
        </Tooltip>
      </div>
      <div style={full ? { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' } : undefined}>{children}</div>
    </div>
  );
}
