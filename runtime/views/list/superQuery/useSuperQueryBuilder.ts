/** React binding of the headless builder (runtime/superQuery/builder.ts). */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createSuperQueryBuilder, type BuilderOptions, type BuilderState, type SuperQueryBuilder } from '../../../superQuery/builder';

export function useSuperQueryBuilder(options: BuilderOptions): { builder: SuperQueryBuilder; state: BuilderState } {
  // One builder per list code; a new code (another page in the same view) makes a new one.
  const [entry, setEntry] = useState(() => ({ code: options.code, builder: createSuperQueryBuilder(options) }));
  if (entry.code !== options.code) setEntry({ code: options.code, builder: createSuperQueryBuilder(options) });
  const { builder } = entry;
  useEffect(() => {
    builder.update({ fields: options.fields, onRun: options.onRun, host: options.host });
  });
  const state = useSyncExternalStore(builder.subscribe, builder.getState, builder.getState);
  return { builder, state };
}
