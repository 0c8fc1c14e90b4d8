/**
 * The popup text input (input_pop, JeecgBoot's JInputPop, spec §9): an ordinary cell input whose
 * icon opens a 150 × 200 text area for a longer text; both edit the same value, keystroke by
 * keystroke, and the popover counts as part of the cell (its mouse-up does not end editing).
 */
import { useState } from 'react';
import { Input, Popover } from 'antd';
import { ExpandAltOutlined } from '@ant-design/icons';
import { INPUT_POP_HEIGHT, INPUT_POP_WIDTH, type GridColumn, type GridController } from '../../grid';
import { GRID_VIEW_TEXTS } from './texts';

export interface InputPopEditorProps {
  grid: GridController;
  rowId: string;
  column: GridColumn;
  value: unknown;
  /** The cell the user clicked: its input takes the focus as it mounts (see GridCellProps). */
  active: boolean;
}

export function InputPopEditor({ grid, rowId, column, value, active }: InputPopEditorProps) {
  const [text, setText] = useState(() => (value === null || value === undefined ? '' : String(value)));
  const [open, setOpen] = useState(false);
  const type = (next: string) => {
    setText(next);
    grid.input(rowId, column.key, next);
  };
  return (
    <Popover
      open={open}
      // Only the icon opens it (a click in the input is typing); a click elsewhere closes it.
      onOpenChange={(next) => {
        if (!next) setOpen(false);
      }}
      trigger="click"
      placement="bottomLeft"
      title={column.title}
      content={
        <Input.TextArea
          autoFocus
          aria-label={column.title}
          value={text}
          style={{ width: INPUT_POP_WIDTH, height: INPUT_POP_HEIGHT, resize: 'none' }}
          onChange={(e) => type(e.target.value)}
          onBlur={() => grid.blur(rowId, column.key)}
        />
      }
    >
      <Input
        autoFocus={active}
        size="small"
        value={text}
        onChange={(e) => type(e.target.value)}
        onBlur={() => grid.blur(rowId, column.key)}
        suffix={
          <ExpandAltOutlined
            role="button"
            aria-label={GRID_VIEW_TEXTS.openTextArea}
            style={{ cursor: 'pointer', color: 'rgba(0,0,0,0.45)' }}
            onClick={() => setOpen((shown) => !shown)}
          />
        }
        {...column.props}
      />
    </Popover>
  );
}
