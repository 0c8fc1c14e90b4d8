import type { ReactNode } from 'react';

const TEXT_STYLE = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minHeight: 22 } as const;

/** A cell's value while it is not editing: one line, cut with an ellipsis, the whole text on hover. */
export function CellLine({ title, children = title }: { title: string; children?: ReactNode }) {
  return (
    <span className="grid-cell-text" title={title} style={TEXT_STYLE}>
      {children}
    </span>
  );
}
