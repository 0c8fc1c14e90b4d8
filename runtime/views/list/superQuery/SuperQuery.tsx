/**
 * The advanced query of a schema list: the toolbar button and its builder. The active query is the
 * list's (it lives in the URL with the rest of the list query); running, resetting or clearing
 * hands new conditions to the list, which reloads from page 1.
 */
import { useMemo, useState } from 'react';
import { useDictionaries } from '../../../dict/useDictionaries';
import type { DictService } from '../../../dict/dictService';
import type { Host } from '../../../host/types';
import type { SuperQuery as ActiveQuery, SuperQueryCondition, SuperQueryMatchType } from '../../../list/types';
import type { SuperQueryField } from '../../../superQuery/fields';
import { SuperQueryButton } from './SuperQueryButton';
import { SuperQueryModal } from './SuperQueryModal';
import { useSuperQueryBuilder } from './useSuperQueryBuilder';

export interface SuperQueryProps {
  /** Saved queries' code (spec §9). */
  code: string;
  fields: readonly SuperQueryField[];
  active: ActiveQuery | null;
  host: Host;
  dict: DictService;
  onChange(conditions: SuperQueryCondition[] | null, matchType: SuperQueryMatchType): void;
}

export function SuperQuery({ code, fields, active, host, dict, onChange }: SuperQueryProps) {
  const [open, setOpen] = useState(false);
  // The builder's dialogs mount the first time it opens (then stay, for their closing animation):
  // a list page's first render has no dialog to make, nor its effects' second render.
  const [opened, setOpened] = useState(false);
  const { builder, state } = useSuperQueryBuilder({ host, code, fields, onRun: onChange });
  const codes = useMemo(() => fields.flatMap((field) => (field.field.dict ? [field.field.dict.dictCode] : [])), [fields]);
  useDictionaries(dict, open ? codes : []);
  return (
    <>
      <SuperQueryButton
        active={active !== null}
        onOpen={() => {
          setOpen(true);
          setOpened(true);
          void builder.open(active);
        }}
        onClear={() => builder.reset()}
      />
      {opened && <SuperQueryModal open={open} onClose={() => setOpen(false)} builder={builder} state={state} fields={fields} host={host} dict={dict} />}
    </>
  );
}
