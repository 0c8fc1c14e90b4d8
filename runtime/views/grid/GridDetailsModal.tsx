/**
 * 详细信息 (spec §2): one row of the grid as a read-only form, opened by a click on its number or
 * on a cell that cannot edit; 1200 px wide with a 全屏 switch, like the list page's 详细信息.
 */
import { useState } from 'react';
import { Button, Descriptions, Modal, Space } from 'antd';
import type { GridController, GridRow } from '../../grid';
import { gridValueItems } from './GridValueText';
import { GRID_VIEW_TEXTS } from './texts';

/** The list page's 详细信息 width (FormModal's DETAIL_WIDTH). */
export const GRID_DETAILS_WIDTH = 1200;

export interface GridDetailsModalProps {
  grid: GridController;
  /** The row shown; none, and the modal is closed. */
  row: GridRow | undefined;
  onClose: () => void;
}

/** Each opening is a fresh session: a row opens at 1200 px whatever the one before was left at. */
export function GridDetailsModal({ grid, row, onClose }: GridDetailsModalProps) {
  if (!row) return null;
  return <DetailsSession key={row.id} grid={grid} row={row} onClose={onClose} />;
}

function DetailsSession({ grid, row, onClose }: { grid: GridController; row: GridRow; onClose: () => void }) {
  const [fullscreen, setFullscreen] = useState(false);
  return (
    <Modal
      title={
        <Space>
          {GRID_VIEW_TEXTS.details}
          <Button type="link" size="small" onClick={() => setFullscreen((f) => !f)}>
            {fullscreen ? GRID_VIEW_TEXTS.exitFullscreen : GRID_VIEW_TEXTS.fullscreen}
          </Button>
        </Space>
      }
      open
      width={fullscreen ? '100%' : GRID_DETAILS_WIDTH}
      style={fullscreen ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      footer={null}
      onCancel={onClose}
    >
      <Descriptions bordered size="small" column={2} items={gridValueItems(grid, row)} />
    </Modal>
  );
}
