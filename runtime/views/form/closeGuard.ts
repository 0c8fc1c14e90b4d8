/**
 * The close guard of the add / edit form: Esc, ×, 取消 (and the mask, where a dialog lets it close)
 * close a form the user has not changed at once, and ask 放弃修改? first when they did, so a
 * half-filled form is not lost to one key. "Changed" means a value the user put in differs from
 * the one the form opened with: typing and deleting again is no change, nor is a value a linkage
 * or computation set by itself. Headless: the antd view hands in how to ask and how to close.
 */
import { isField, type Form } from '@formily/core';
import { useRef } from 'react';
import type { ConfirmOptions } from '../../host/types';

export const DISCARD_CONFIRM: ConfirmOptions = {
  title: '放弃修改?',
  content: '填写的内容尚未保存，放弃后将丢失。',
  okText: '放弃',
  cancelText: '继续编辑',
};

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.every(isBlank));
}

/**
 * Whether two form values mean the same: empty is empty (null, undefined, '' and [] alike), a number
 * equals its text ('1234.5' and 1234.5: a record's money comes as text, the number input holds a
 * number), lists compare item by item, anything else by its JSON.
 */
export function sameFormValue(a: unknown, b: unknown): boolean {
  if (isBlank(a) && isBlank(b)) return true;
  if (isBlank(a) || isBlank(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameFormValue(item, b[i]));
  if (typeof a === 'number' || typeof b === 'number') {
    const [x, y] = [Number(a), Number(b)];
    return !Number.isNaN(x) && x === y && typeof a !== 'boolean' && typeof b !== 'boolean';
  }
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/** The part of a form field the guard reads. */
export interface TouchedValue {
  /** The user gave it input (Formily's `modified`); values set by reactions leave it false. */
  modified: boolean;
  value: unknown;
  initialValue: unknown;
}

export function hasChanges(fields: Iterable<TouchedValue>): boolean {
  for (const field of fields) if (field.modified && !sameFormValue(field.value, field.initialValue)) return true;
  return false;
}

/** The fields of a Formily form that hold values (groups and grids hold none). */
export function formFields(form: Form): TouchedValue[] {
  return Object.values(form.fields).filter(isField);
}

export interface CloseGuardOptions {
  /** Read at the moment of closing. */
  changed(): boolean;
  /** Resolves true to discard the changes (the host's confirmation). */
  confirm(options: ConfirmOptions): Promise<boolean>;
  close(): void;
}

/** Whether a question is open; a second request meanwhile (Esc again, a click on ×) asks nothing more. */
export interface AskingState {
  current: boolean;
}

/** Closes at once when nothing changed, else asks and closes only on 放弃. */
export async function requestClose(options: CloseGuardOptions, asking: AskingState): Promise<void> {
  if (asking.current) return;
  if (!options.changed()) {
    options.close();
    return;
  }
  asking.current = true;
  try {
    if (await options.confirm(DISCARD_CONFIRM)) options.close();
  } finally {
    asking.current = false;
  }
}

/** requestClose for a component: the returned handler goes to Esc, ×, 取消 and the mask. */
export function useCloseGuard(options: CloseGuardOptions): () => void {
  const asking = useRef(false);
  return () => void requestClose(options, asking);
}
