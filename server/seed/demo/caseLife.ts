import type { Random } from './random';
import type { DemoReference, DemoStaff } from './reference';
import { CASE_STATES, DAY, dateOf, dayStart, invoicePlanFor, stepKeys, timeOf, timeSteps, type CaseState, type InvoicePlan, type Step } from './timeline';
import { defaultShares } from './shares';
import { caseText } from './texts';

/** The pages the demo writes, by the short name the generator uses. */
export const DEMO_ENTITIES = {
  receive: 'receive/receive',
  progress: 'receive/receiveProgress',
  member: 'receive/receiveMember',
  cost: 'cost/caseCost',
  payment: 'cost/costPayment',
  hour: 'cost/workHour',
  receipt: 'receipt/receipt',
  link: 'receipt/receiptLink',
  complaint: 'receive/complaint',
  mail: 'receive/receiveMail',
} as const;
export type DemoTable = keyof typeof DEMO_ENTITIES;

/** A row by field name (as the page names them) plus the standard id, createBy, createTime and sysOrgCode. */
export type DemoRow = Record<string, string | number | null>;
export type DemoRows = Record<DemoTable, DemoRow[]>;

export function emptyRows(): DemoRows {
  return { receive: [], progress: [], member: [], cost: [], payment: [], hour: [], receipt: [], link: [], complaint: [], mail: [] };
}

/** A case to be written: when it came in, where it stands; a fixed case brings its own fields. */
export interface CaseBase {
  /** Seeds the case's random stream and its rows' ids: the position among generated cases, or a fixed case's own. */
  index: number;
  id: string;
  trustTime: number;
  state: CaseState;
  given?: Record<string, unknown>;
}

export interface CaseContext {
  ref: DemoReference;
  /** Nothing happens on or after this instant (the start of today). */
  horizon: number;
  nextInvoiceNumber: () => string;
}

const KIND = { progress: 2, member: 3, cost: 4, payment: 5, hour: 6, receipt: 7, link: 8, complaint: 9, mail: 10 } as const;

/** A stable 32-hex id: the kind of row, the case's position and the row's number within the case. */
export function demoId(kind: number, index: number, k: number): string {
  return `${kind.toString(16).padStart(2, '0')}${index.toString(16).padStart(22, '0')}${k.toString(16).padStart(8, '0')}`;
}

/** Cents as the decimal text of a money column (exact: amounts are kept in whole cents). */
function yuan(cents: number): string {
  const abs = Math.abs(cents);
  const rest = abs % 100;
  return `${cents < 0 ? '-' : ''}${(abs - rest) / 100}.${rest < 10 ? '0' : ''}${rest}`;
}
const officeHour = (rng: Random, day: number): number => dayStart(day) + (9 + rng.int(0, 8)) * 3_600_000 + rng.int(0, 59) * 60_000;

function handlersOf(ref: DemoReference): DemoStaff[] {
  return ref.staff.filter((s) => s.departIds.length > 0 && (s.roles.includes('adjuster') || s.roles.includes('manager')));
}

const byName = (ref: DemoReference, username: string | null | undefined) => ref.staff.find((s) => s.username === username);

/** The case row's fields for a generated case (a fixed case keeps its own and gets what is missing). */
function caseFields(rng: Random, base: CaseBase, ref: DemoReference): Record<string, unknown> {
  if (base.given) return { ...base.given };
  const staff = handlersOf(ref);
  const handler = base.state === 'new' && rng.chance(0.3) ? undefined : staff.length > 0 ? rng.pick(staff) : undefined;
  const departId = handler ? rng.pick(handler.departIds) : null;
  const others = staff.filter((s) => s !== handler && departId !== null);
  const assistants = others.length > 0 && rng.chance(0.35) ? rng.pick(others).username : null;
  const area = ref.areas.length > 0 ? rng.pick(ref.areas) : undefined;
  const insurer = ref.insurers.length > 0 ? rng.pick(ref.insurers) : undefined;
  const text = caseText(rng, area?.place ?? '');
  const loss = Math.round(rng.logUniform(20_000, 8_000_000) / 100) * 100;
  const accident = base.trustTime - rng.int(1, 20) * DAY;
  const coinsurers = insurer && loss > 2_000_000 && rng.chance(0.15) ? ref.insurers.filter((i) => i !== insurer).slice(0, 2) : [];
  return {
    receiveName: text.name,
    insurerCode: insurer?.code ?? null,
    insurerName: insurer?.name ?? null,
    coinsurerCodes: coinsurers.length > 0 ? coinsurers.map((i) => i.code).join(',') : null,
    entrustType: text.entrustType,
    trustLevel: loss < 200_000 ? '1' : loss < 1_000_000 ? '2' : loss < 5_000_000 ? '3' : '4',
    specialSubject: ref.specialSubjects.length > 0 && rng.chance(0.05) ? rng.pick(ref.specialSubjects) : null,
    customerIds: ref.customers.length > 0 && rng.chance(0.3) ? rng.pick(ref.customers) : null,
    policyNumber: `P${String(rng.int(1_000_000, 9_999_999))}${String(rng.int(100_000_000, 999_999_999))}`,
    departId,
    positionCode: handler?.post ?? null,
    handler: handler?.username ?? null,
    assistants,
    expertIds: ref.experts.length > 0 && rng.chance(0.4) ? [...new Set([rng.pick(ref.experts).id, rng.pick(ref.experts).id])].sort().join(',') : null,
    outsourceIds: ref.outsourcers.length > 0 && rng.chance(0.2) ? rng.pick(ref.outsourcers).id : null,
    accidentDate: dateOf(accident),
    reportDate: dateOf(accident + rng.int(0, 2) * DAY),
    areaCode: area?.code ?? null,
    accidentPlace: text.place,
    estimatedLoss: loss,
    lossCurrency: rng.chance(0.95) ? 'CNY' : 'USD',
  };
}

/**
 * Every row of one case: the case, its members, the progress its transitions wrote, costs in the
 * states the case's age allows (payments summing to what was paid), hours, invoices with their
 * links (some reversed), complaints and letters — all consistent with the lifecycle's rules.
 */
export function buildCase(rng: Random, base: CaseBase, receiveNumber: string, ctx: CaseContext, out: DemoRows): void {
  const { ref } = ctx;
  const fields = caseFields(rng, base, ctx.ref);
  const handler = typeof fields.handler === 'string' ? fields.handler : null;
  const departId = typeof fields.departId === 'string' ? fields.departId : null;
  const orgCode = (departId && ref.departs.get(departId)?.orgCode) || 'A01';
  const assistants = typeof fields.assistants === 'string' && fields.assistants ? fields.assistants.split(',') : [];
  const managers = ref.staff.filter((s) => s.roles.includes('manager') && (departId === null || s.departIds.includes(departId)));
  const manager = managers[0]?.username ?? ref.staff.find((s) => s.roles.includes('manager'))?.username ?? 'admin';
  const finance = ref.staff.find((s) => s.roles.includes('finance'))?.username ?? 'admin';
  const worker = handler ?? manager;
  const at = CASE_STATES.indexOf(base.state);
  const plan: InvoicePlan = invoicePlanFor(rng, base.state);
  const steps = timeSteps(rng, stepKeys(rng, base.state, plan), base.trustTime, ctx.horizon);
  const acceptedAt = steps[0]?.at ?? base.trustTime;
  const lastAt = steps.length > 0 ? steps[steps.length - 1].at : base.trustTime;
  const closingAt = steps.find((s) => s.key === 'approve')?.at ?? ctx.horizon;
  const loss = Number(fields.estimatedLoss ?? 0) || 100_000;
  const feeCents =
    at >= 2 || (at === 1 && rng.chance(0.4)) ? Math.max(200_000, Math.round((loss * (0.008 + rng.next() * 0.017)) / 100) * 10_000) : null;
  const caseName = String(fields.receiveName);
  const ofCase = { receiveId: base.id, receiveNumber, receiveName: caseName };
  // An invoice names the cases its links reach (server/finance/receiptTotals.ts); none once released.
  const invoiceCases = (linked: boolean) => (linked ? { receiveNumber, receiveName: caseName } : { receiveNumber: null, receiveName: null });
  const audit = (k: keyof typeof KIND, n: number, who: string, time: number) => ({
    id: demoId(KIND[k], base.index, n),
    createBy: who,
    createTime: timeOf(time),
    sysOrgCode: orgCode,
  });

  // Members: the handler, each assistant, sometimes a surveyor, the reviewer once closing was asked for.
  const members: [string, string][] = [];
  if (handler) members.push([handler, 'handler']);
  for (const a of assistants) if (a !== handler) members.push([a, 'assistant']);
  const surveyor = handlersOf(ref).find((s) => !members.some(([u]) => u === s.username));
  if (at >= 1 && surveyor && rng.chance(0.25)) members.push([surveyor.username, 'surveyor']);
  if (at >= 2 && !members.some(([u]) => u === manager)) members.push([manager, 'reviewer']);
  const shares = defaultShares(members.map(([, role]) => role));
  members.forEach(([userName, memberRole], n) => {
    const joined = memberRole === 'reviewer' ? (steps.find((s) => s.key === 'submit')?.at ?? acceptedAt) : acceptedAt;
    out.member.push({ ...audit('member', n, manager, joined), ...ofCase, userName, memberRole, shareRatio: shares[n], joinDate: dateOf(joined), remark: null });
  });

  // Progress: one entry per transition, and notes by hand while the case was being handled.
  let p = 0;
  const reasons = ['损失清单与现场照片不一致，请补充核实', '公估费计算依据不足，请补充工时明细', '缺少被保险人签字的损失确认书', '理算报告未附专家意见'];
  for (const step of steps) {
    const who = step.key === 'approve' || step.key === 'reject' ? manager : step.key === 'invoiced' || step.key === 'uninvoiced' ? finance : worker;
    const content =
      step.key === 'reject'
        ? `退回原因：${rng.pick(reasons)}`
        : step.key === 'uninvoiced'
          ? '发票红冲，已开票金额不足公估费，案件回到待开票'
          : step.key === 'invoiced'
            ? '发票已关联，已开票金额达到公估费'
            : `${step.action}：${caseName}`;
    out.progress.push({
      ...audit('progress', p++, who, step.at),
      ...ofCase,
      action: step.action,
      fromStatus: step.from,
      toStatus: step.to,
      content,
      progressTime: timeOf(step.at),
    });
  }
  const notes = ['完成现场查勘，拍照取证', '与被保险人沟通损失清单', '协作专家出具初步意见', '收到保险公司补充材料', '完成定损核价'];
  if (at >= 1) {
    const until = Math.min(closingAt, ctx.horizon);
    for (let n = rng.int(0, 2); n > 0; n--) {
      const when = officeHour(rng, acceptedAt + rng.next() * Math.max(until - acceptedAt - DAY, 0));
      if (when <= acceptedAt || when >= ctx.horizon) continue;
      out.progress.push({ ...audit('progress', p++, worker, when), ...ofCase, action: '进度登记', fromStatus: null, toStatus: null, content: rng.pick(notes), progressTime: timeOf(when) });
    }
  }

  // Costs and their payments.
  if (at >= 1) {
    const count = rng.int(0, at >= 3 ? 3 : 2);
    for (let n = 0; n < count; n++) {
      const category = rng.weighted({ expert: 40, outsource: 25, travel: 25, other: 10 });
      const types = ref.costTypes.filter((t) => t.category === category);
      const expert = category === 'expert' && ref.experts.length > 0 ? rng.pick(ref.experts) : undefined;
      const outsourcer = category === 'outsource' && ref.outsourcers.length > 0 ? rng.pick(ref.outsourcers) : undefined;
      const range = { expert: [1_500, 30_000], outsource: [3_000, 80_000], travel: [300, 5_000], other: [200, 3_000] }[category];
      const amount = Math.round(rng.logUniform(range[0], range[1])) * 100;
      const status =
        at === 1
          ? rng.weighted({ draft: 35, submitted: 30, rejected: 15, approved: 20 })
          : at === 2
            ? rng.weighted({ submitted: 30, approved: 40, paid: 30 })
            : rng.weighted({ paid: 70, approved: 20, rejected: 10 });
      const occur = acceptedAt + rng.next() * Math.max(Math.min(closingAt, ctx.horizon) - acceptedAt - 2 * DAY, 0);
      const costId = demoId(KIND.cost, base.index, n);
      const paid: number[] = status === 'paid' ? (rng.chance(0.3) ? [Math.round(amount * 0.4), amount - Math.round(amount * 0.4)] : [amount]) : status === 'approved' && rng.chance(0.5) ? [Math.round(amount * (0.3 + rng.next() * 0.5))] : [];
      paid.forEach((cents, k) => {
        const payDay = Math.min(occur + (k + 1) * rng.int(2, 10) * DAY, ctx.horizon - DAY);
        out.payment.push({
          ...audit('payment', n * 4 + k, finance, officeHour(rng, payDay)),
          costId,
          receiveId: base.id,
          receiveNumber,
          payDate: dateOf(payDay),
          amount: yuan(cents),
          payMethod: rng.weighted({ bank: 85, check: 10, cash: 5 }),
          remark: paid.length > 1 ? `第${k + 1}笔` : null,
        });
      });
      out.cost.push({
        ...audit('cost', n, worker, officeHour(rng, occur)),
        ...ofCase,
        costCategory: category,
        costType: types.length > 0 ? rng.pick(types).code : null,
        currency: 'CNY',
        amount: yuan(amount),
        expertId: expert?.id ?? null,
        outsourceId: outsourcer?.id ?? null,
        payeeName: expert?.name ?? outsourcer?.name ?? byName(ref, worker)?.realname ?? worker,
        occurDate: dateOf(occur),
        bearDepart: departId,
        description: { expert: '专家咨询鉴定费', outsource: '委托第三方检验鉴定', travel: '现场查勘差旅交通', other: '资料复印与快递' }[category],
        attachments: null,
        costStatus: status,
        paidAmount: yuan(paid.reduce((s, c) => s + c, 0)),
      });
    }
  }

  // Working hours of the people on the case.
  if (at >= 1) {
    const people = members.filter(([, role]) => role !== 'reviewer').map(([u]) => u);
    const area = ref.areas.find((a) => a.code === fields.areaCode);
    for (let n = rng.int(1, 4); n > 0; n--) {
      if (people.length === 0 || ref.hourTypes.length === 0) break;
      const day = acceptedAt + rng.next() * Math.max(Math.min(closingAt, ctx.horizon) - acceptedAt - DAY, 0);
      const who = rng.pick(people);
      out.hour.push({
        ...audit('hour', n, who, officeHour(rng, day)),
        caseId: base.id,
        hourType: rng.pick(ref.hourTypes),
        staffUser: who,
        workDate: dateOf(day),
        hours: rng.int(1, 16) / 2,
        workProvince: area?.provinceId ?? null,
        workCity: area?.cityId ?? null,
        remark: null,
        attachment: null,
        orderNum: n,
      });
    }
  }

  // Invoices: issued when a step says so, linked to this case; a reversal is a red invoice and frees the original's links.
  let invoiced = 0;
  let r = 0;
  const issue = (cents: number, linked: number, day: number, reversed = false): string => {
    const id = demoId(KIND.receipt, base.index, r++);
    const time = officeHour(rng, day);
    out.receipt.push({
      ...audit('receipt', r - 1, finance, time),
      number: ctx.nextInvoiceNumber(),
      receiptType: rng.weighted({ '1': 30, '2': 15, '3': 15, '4': 10, '5': 30 }),
      openDate: dateOf(day),
      currencyType: 'CNY',
      amount: yuan(cents),
      redFlag: '0',
      origReceiptId: null,
      ...invoiceCases(!reversed && linked > 0),
      refAmount: yuan(reversed ? 0 : linked),
      waitAmount: yuan(reversed ? cents : cents - linked),
      remark: null,
      redStatus: reversed ? '1' : '0',
    });
    if (!reversed && linked > 0) {
      out.link.push({ ...audit('link', r - 1, finance, time), receiptId: id, ...ofCase, amount: yuan(linked) });
      invoiced += linked;
    }
    return id;
  };
  const redOf = (origId: string, cents: number, day: number): void => {
    const time = officeHour(rng, day);
    out.receipt.push({
      ...audit('receipt', r++, finance, time),
      number: ctx.nextInvoiceNumber(),
      receiptType: '1',
      openDate: dateOf(day),
      currencyType: 'CNY',
      amount: yuan(-cents),
      redFlag: '1',
      origReceiptId: origId,
      ...invoiceCases(false),
      refAmount: yuan(0),
      waitAmount: yuan(-cents),
      remark: '开票信息有误，红冲后重开',
      redStatus: '0',
    });
  };
  const stepAt = (key: Step['key'], nth = 0) => steps.filter((s) => s.key === key)[nth]?.at ?? lastAt;
  if (feeCents !== null && plan !== 'none') {
    const fee = feeCents;
    const requested = stepAt('requestReceipt');
    if (plan === 'partial') {
      const part = Math.round((fee * (0.3 + rng.next() * 0.4)) / 100) * 100;
      issue(part, part, Math.min(requested + rng.int(1, 10) * DAY, ctx.horizon - DAY));
    } else if (plan === 'reversedOpen' || plan === 'reversedReissued') {
      const first = stepAt('invoiced', 0);
      const orig = issue(fee, fee, first, true);
      redOf(orig, fee, stepAt('uninvoiced'));
      if (plan === 'reversedReissued') issue(fee, fee, stepAt('invoiced', 1));
    } else if (plan === 'split') {
      const half = Math.round(fee / 200) * 100;
      issue(half, half, requested + (stepAt('invoiced') - requested) / 2);
      issue(fee - half, fee - half, stepAt('invoiced'));
    } else {
      // Now and then an invoice is written for more than this case's fee; the rest waits for a link.
      const extra = rng.chance(0.1) ? rng.int(1, 20) * 100_000 : 0;
      issue(fee + extra, fee, stepAt('invoiced'));
    }
  }
  if (base.index % 53 === 7) {
    // An invoice not linked yet (issued in advance, to be matched to a case).
    const cents = rng.int(50, 500) * 10_000;
    const day = Math.min(base.trustTime + rng.int(5, 40) * DAY, ctx.horizon - DAY);
    const time = officeHour(rng, day);
    out.receipt.push({
      ...audit('receipt', r++, finance, time),
      number: ctx.nextInvoiceNumber(),
      receiptType: '5',
      openDate: dateOf(day),
      currencyType: 'CNY',
      amount: yuan(cents),
      redFlag: '0',
      origReceiptId: null,
      ...invoiceCases(false),
      refAmount: yuan(0),
      waitAmount: yuan(cents),
      remark: '预开发票，待关联案件',
      redStatus: '0',
    });
  }

  // Complaints and letters.
  if (at >= 1 && rng.chance(0.08)) {
    const status = rng.weighted({ registered: 30, handling: 30, closed: 40 });
    const when = acceptedAt + rng.next() * Math.max(ctx.horizon - acceptedAt - 3 * DAY, 0);
    const closed = Math.min(when + rng.int(1, 20) * DAY, ctx.horizon - DAY);
    out.complaint.push({
      ...audit('complaint', 0, manager, officeHour(rng, when)),
      ...ofCase,
      source: rng.weighted({ phone: 35, letter: 15, insurer: 25, customer: 20, other: 5 }),
      complainant: rng.pick(['被保险人', '保险公司理赔部', '第三者', '被保险人代理人']),
      content: rng.pick(['查勘人员到场不及时', '定损金额与预期差距较大，要求复核', '案件处理周期过长', '未及时告知处理进度']),
      complaintStatus: status,
      handleNote: status === 'registered' ? null : '已联系投诉人说明情况，安排复核',
      result: status === 'closed' ? rng.pick(['已向投诉人解释定损依据，投诉人表示认可', '已重新复核并调整损失清单', '已致歉并承诺按期办结']) : null,
      closeDate: status === 'closed' ? dateOf(closed) : null,
    });
  }
  if (at >= 1 && rng.chance(0.35)) {
    const insurer = typeof fields.insurerName === 'string' ? fields.insurerName : '保险公司';
    for (let n = rng.int(1, 2); n > 0; n--) {
      const email = rng.chance(0.6);
      const when = officeHour(rng, acceptedAt + rng.next() * Math.max(ctx.horizon - acceptedAt - DAY, 0));
      out.mail.push({
        ...audit('mail', n, worker, when),
        ...ofCase,
        mailType: email ? 'email' : 'letter',
        sender: email ? `claims@${['picc', 'cpic', 'pingan', 'chinalife'][n % 4]}.example.com` : insurer,
        mailDate: timeOf(when),
        subject: rng.pick(['关于补充损失材料的函', '理赔进度询问', '公估报告修改意见', '委托公估确认函']) + `（${receiveNumber}）`,
        body: '请于收函后五个工作日内回复。',
        attachments: null,
      });
    }
  }

  out.receive.push({
    id: base.id,
    createBy: handler ?? 'admin',
    createTime: timeOf(base.trustTime),
    sysOrgCode: orgCode,
    ...(fields as DemoRow),
    receiveNumber,
    receiveStatus: base.state,
    trustDate: dateOf(base.trustTime),
    trustLevel: (fields.trustLevel as string | undefined) ?? '1',
    lossCurrency: (fields.lossCurrency as string | undefined) ?? 'CNY',
    feeAmount: feeCents === null ? null : yuan(feeCents),
    invoicedAmount: yuan(invoiced),
  });
}
