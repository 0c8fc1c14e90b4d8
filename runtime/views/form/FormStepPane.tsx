/**
 * The panes of a form filled in steps (form.steps): every step's fields stay mounted — so 上一步 and
 * 下一步 keep what was typed and Formily still knows every field — and only the current step's pane shows.
 */
import { createContext, useContext, type ReactNode } from 'react';

/** The step shown; undefined outside a step form (then every pane shows). */
export const CurrentStepContext = createContext<number | undefined>(undefined);

export function FormStepPane({ index, children }: { index: number; children?: ReactNode }) {
  const current = useContext(CurrentStepContext);
  return (
    <div className="form-step-pane" data-step={index} hidden={current !== undefined && current !== index}>
      {children}
    </div>
  );
}
