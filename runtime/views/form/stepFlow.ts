/**
 * The headless part of a form filled in steps (form.steps): which step shows, what 下一步 validates,
 * and where a refusal of the server leads. Works on the Formily form alone (no antd): the step view
 * renders what this decides. Steps are numbered from 0; the step after the last declared one is the
 * review (确认) step, from which 提交 saves.
 */
import { isField, type Form } from '@formily/core';
import type { CompiledFormSteps } from '../../schema/compiledPageTypes';

/** One field the server refused: its property name and why (the add/edit answer's result.errors). */
export interface RefusedField {
  field: string;
  message: string;
}

/** The index of the review step: every declared step comes before it. */
export function confirmStep(steps: CompiledFormSteps): number {
  return steps.items.length;
}

/** Formily's path pattern matching exactly the fields of one step (values stay flat, so paths are names). */
export function stepPattern(steps: CompiledFormSteps, index: number): string {
  const names = steps.items[index]?.fields.map((field) => field.name) ?? [];
  return `*(${names.join(',')})`;
}

/** The step holding a field, or undefined when no step lists it. */
export function stepOfField(steps: CompiledFormSteps, name: string): number | undefined {
  const index = steps.items.findIndex((step) => step.fields.some((field) => field.name === name));
  return index < 0 ? undefined : index;
}

/**
 * 下一步: validates the current step's fields only, with their own rules (the messages land on the
 * fields, as in a one-page form). Answers the step to show: the next one when they pass, the same
 * one when not. Fields of later steps are not touched, so they show no errors before the user is there.
 */
export async function nextStep(form: Form, steps: CompiledFormSteps, current: number): Promise<number> {
  if (current >= confirmStep(steps)) return current;
  try {
    await form.validate(stepPattern(steps, current));
  } catch {
    return current;
  }
  return current + 1;
}

/** 上一步: the values stay in the form (every step's fields stay mounted), only the shown step changes. */
export function previousStep(current: number): number {
  return Math.max(0, current - 1);
}

/**
 * 提交 was refused naming fields: each gets the server's message at the field (cleared by the field's
 * own validation once the user changes it), and the form goes back to the first step, in step order,
 * that holds one. A refusal naming no field of the form stays on the review step.
 */
export function refusalStep(form: Form, steps: CompiledFormSteps, refused: readonly RefusedField[]): number {
  let back = confirmStep(steps);
  for (const { field, message } of refused) {
    const step = stepOfField(steps, field);
    if (step === undefined) continue;
    // The code of Formily's own validation: the field's next validation replaces this message.
    const target = form.query(field).take();
    if (isField(target)) target.setFeedback({ triggerType: 'onInput', type: 'error', code: 'ValidateError', messages: [message] });
    back = Math.min(back, step);
  }
  return back;
}

/**
 * The fields of a refused save, from the answer's `result.errors` (`[{field, label, message}]`, see
 * server/crud/entity/validate.ts); none when the answer carries no such list.
 */
export function refusedFields(result: unknown): RefusedField[] {
  if (typeof result !== 'object' || result === null || !('errors' in result) || !Array.isArray(result.errors)) return [];
  return result.errors.flatMap((error: unknown) =>
    typeof error === 'object' && error !== null && 'field' in error && 'message' in error && typeof error.field === 'string' && typeof error.message === 'string'
      ? [{ field: error.field, message: error.message }]
      : [],
  );
}

/** The first step holding a field a whole-form validation failed on (Formily's rejection: `[{path}]`). */
export function firstFailedStep(steps: CompiledFormSteps, failures: unknown): number | undefined {
  if (!Array.isArray(failures)) return undefined;
  const found = failures.flatMap((failure: unknown) => {
    const path = typeof failure === 'object' && failure !== null && 'path' in failure ? String(failure.path) : '';
    const index = stepOfField(steps, path);
    return index === undefined ? [] : [index];
  });
  return found.length === 0 ? undefined : Math.min(...found);
}
