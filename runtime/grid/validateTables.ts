import type { GridOutput } from './rowStore';
import type { ErrorMap } from './validator';

/** JeecgBoot's marker of "a table did not pass validation" (validateTables). */
export const VALIDATE_NO_PASSED = 'VALIDATE_NO_PASSED';

/** The rejection of a grid validation (spec §8): which tab failed and its error map. */
export class GridValidationError extends Error {
  readonly error = VALIDATE_NO_PASSED;

  constructor(
    /** Index of the failing grid among those validated together (its tab). */
    readonly index: number,
    readonly errors: ErrorMap,
  ) {
    super(`第${index + 1}个表格校验未通过`);
    this.name = 'GridValidationError';
  }
}

/** What validateTables needs of a grid. */
export interface ValidatableGrid {
  validateAll(): Promise<ErrorMap | null>;
  output(): GridOutput;
}

/**
 * Validates grids in order (one per tab of a master-detail form) and resolves with their outputs;
 * rejects with GridValidationError at the first grid that fails, so the page can switch to that tab.
 */
export async function validateTables(grids: readonly ValidatableGrid[]): Promise<GridOutput[]> {
  const outputs: GridOutput[] = [];
  for (let index = 0; index < grids.length; index++) {
    const errors = await grids[index].validateAll();
    if (errors) throw new GridValidationError(index, errors);
    outputs.push(grids[index].output());
  }
  return outputs;
}
