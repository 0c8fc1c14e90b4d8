import type { Random } from './random';

/** The case states of the lifecycle (docs: /work/case-design.md, dict receive_status), in order. */
export const CASE_STATES = ['new', 'handle', 'approve', 'over', 'wait_receipt', 'receipted', 'old'] as const;
export type CaseState = (typeof CASE_STATES)[number];

export const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Times are Beijing wall-clock instants kept as UTC milliseconds, printed without a zone like the database's timestamps. */
export const dayStart = (ms: number): number => Math.floor(ms / DAY) * DAY;

// A million cases print tens of millions of dates: each day is formatted once, the time of day by arithmetic.
const days = new Map<number, string>();
export function dateOf(ms: number): string {
  const day = Math.floor(ms / DAY);
  let text = days.get(day);
  if (text === undefined) {
    text = new Date(day * DAY).toISOString().slice(0, 10);
    days.set(day, text);
  }
  return text;
}

const two = (n: number): string => (n < 10 ? `0${n}` : String(n));
export function timeOf(ms: number): string {
  const seconds = Math.floor((ms - dayStart(ms)) / 1000);
  return `${dateOf(ms)} ${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}

/** A transition of the lifecycle as the progress entry records it (action = the transition's label). */
export interface Step {
  key: 'accept' | 'submit' | 'reject' | 'approve' | 'requestReceipt' | 'invoiced' | 'uninvoiced' | 'archive';
  action: string;
  from: CaseState;
  to: CaseState;
  at: number;
}

const STEP: Record<Step['key'], { action: string; from: CaseState; to: CaseState; days: [number, number] }> = {
  accept: { action: '受理', from: 'new', to: 'handle', days: [0, 3] },
  submit: { action: '提交结案审批', from: 'handle', to: 'approve', days: [10, 60] },
  reject: { action: '退回', from: 'approve', to: 'handle', days: [1, 5] },
  approve: { action: '通过', from: 'approve', to: 'over', days: [1, 5] },
  requestReceipt: { action: '申请开票', from: 'over', to: 'wait_receipt', days: [1, 10] },
  // System transitions (invoice links reaching or falling below the fee): no button, a plain label.
  invoiced: { action: '开票完成', from: 'wait_receipt', to: 'receipted', days: [3, 20] },
  uninvoiced: { action: '发票红冲', from: 'receipted', to: 'wait_receipt', days: [5, 30] },
  archive: { action: '归档', from: 'receipted', to: 'old', days: [15, 60] },
};

/** How the case's invoices went: decides the invoicing steps and the invoices written. */
export type InvoicePlan = 'none' | 'partial' | 'reversedOpen' | 'single' | 'split' | 'reversedReissued';

export function invoicePlanFor(rng: Random, state: CaseState): InvoicePlan {
  if (state === 'wait_receipt') return rng.weighted({ none: 40, partial: 35, reversedOpen: 25 });
  if (state === 'receipted' || state === 'old') return rng.weighted({ single: 60, split: 25, reversedReissued: 15 });
  return 'none';
}

/** The transitions that brought a case from 新建 to `state`, in order (without times). */
export function stepKeys(rng: Random, state: CaseState, plan: InvoicePlan): Step['key'][] {
  const at = CASE_STATES.indexOf(state);
  if (at === 0) return [];
  const keys: Step['key'][] = ['accept'];
  if (at >= 2) {
    keys.push('submit');
    // Some closings are sent back once (rarely twice) before they pass.
    const rejections = state === 'approve' ? (rng.chance(0.3) ? 1 : 0) : rng.chance(0.25) ? (rng.chance(0.2) ? 2 : 1) : 0;
    for (let i = 0; i < rejections; i++) keys.push('reject', 'submit');
  }
  if (at >= 3) keys.push('approve');
  if (at >= 4) keys.push('requestReceipt');
  if (plan === 'reversedOpen') keys.push('invoiced', 'uninvoiced');
  if (at >= 5) keys.push('invoiced');
  if (plan === 'reversedReissued') keys.push('uninvoiced', 'invoiced');
  if (state === 'old') keys.push('archive');
  return keys;
}

/**
 * Times for the steps after the case came in at `start`: typical gaps, squeezed when the case is
 * too young for them, so every step happens before `horizon` and in order, in office hours.
 */
export function timeSteps(rng: Random, keys: readonly Step['key'][], start: number, horizon: number): Step[] {
  const gaps = keys.map((key) => {
    const [min, max] = STEP[key].days;
    return (min + rng.next() * (max - min)) * DAY + HOUR;
  });
  const needed = gaps.reduce((sum, g) => sum + g, 0);
  const room = Math.max(horizon - start - 2 * HOUR, keys.length * HOUR);
  const scale = needed > room ? room / needed : 1;
  let at = start;
  return keys.map((key, i) => {
    at += gaps[i] * scale;
    const { action, from, to } = STEP[key];
    return { key, action, from, to, at: Math.round(at / 60_000) * 60_000 };
  });
}

/** The state a case of this age (days since it came in) is likely in now. */
export function stateForAge(rng: Random, ageDays: number): CaseState {
  if (ageDays < 30) return rng.weighted({ new: 40, handle: 45, approve: 15 });
  if (ageDays < 120) return rng.weighted({ new: 3, handle: 35, approve: 15, over: 15, wait_receipt: 15, receipted: 17 });
  if (ageDays < 300) return rng.weighted({ handle: 10, approve: 4, over: 12, wait_receipt: 19, receipted: 35, old: 20 });
  return rng.weighted({ over: 4, wait_receipt: 10, receipted: 30, old: 56 });
}
