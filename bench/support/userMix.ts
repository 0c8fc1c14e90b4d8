import { computeSign } from '../../server/http/sign';
import type { Answer, ApiClient } from './httpClient';

/**
 * What one signed-in user of the load test does, request after request: lists with queries, detail
 * reads, dictionaries, the menu, and (users of a role that may) adds and edits of experts. Every
 * acknowledged write is remembered so the run can check afterwards that none was lost.
 */
export type RequestKind = 'list' | 'detail' | 'dict' | 'menu' | 'add' | 'edit';
export const REQUEST_KINDS: readonly RequestKind[] = ['list', 'detail', 'dict', 'menu', 'add', 'edit'];

/** Share of each kind in a writer's requests (a reader's add/edit shares go to list and detail). */
const WRITER_WEIGHTS: Readonly<Record<RequestKind, number>> = { list: 35, detail: 20, dict: 15, menu: 10, add: 10, edit: 10 };
const READER_WEIGHTS: Readonly<Record<RequestKind, number>> = { list: 45, detail: 30, dict: 15, menu: 10, add: 0, edit: 0 };

export const API = '/insurance';
const EXPERT = `${API}/maintenance/expert`;
const RECEIVE = `${API}/receive/receive`;

/** The list requests a user picks from (page size 10, the web app's default sort). */
const LIST_QUERIES: readonly string[] = [
  `${EXPERT}/list?pageNo=1&pageSize=10&column=createTime&order=desc`,
  `${EXPERT}/list?pageNo=1&pageSize=10&column=createTime&order=desc&expertName=${encodeURIComponent('*王*')}`,
  `${EXPERT}/list?pageNo=1&pageSize=10&column=createTime&order=desc&sex=1`,
  `${EXPERT}/list?pageNo=2&pageSize=10&column=createTime&order=desc&majorDirection=${encodeURIComponent('*火*')}`,
  `${RECEIVE}/list?pageNo=1&pageSize=10&column=createTime&order=desc`,
  `${RECEIVE}/list?pageNo=1&pageSize=10&column=createTime&order=desc&receiveName=${encodeURIComponent('*火*')}`,
  `${RECEIVE}/list?pageNo=1&pageSize=10&column=createTime&order=desc&receiveStatus=handle`,
];

/** Dictionaries as the web app reads them (signed GET getDictItems). */
const DICT_CODES: readonly string[] = ['sex', 'receive_status', 'position_rank', 'mnt_insurance_company,short_name,company_code'];

export function dictPath(code: string): { path: string; headers: Record<string, string> } {
  return {
    path: `${API}/sys/dict/getDictItems/${encodeURIComponent(code)}`,
    headers: { 'x-sign': computeSign({}, code), 'x-timestamp': String(Date.now()) },
  };
}

export type UserRole = 'writer' | 'reader';

/** One expert a user added: its mobile (unique) is how it is found again. */
export interface AddedExpert {
  mobile: string;
  id?: string;
  /** The remark of the last acknowledged edit ('' = as added). */
  ackedRemark: string;
  /** Remarks of edits that failed or never answered after it: the row may hold one of them. */
  unackedRemarks: string[];
}

export interface BenchUser {
  index: number;
  username: string;
  role: UserRole;
  headers: Record<string, string>;
  added: AddedExpert[];
  /** Adds that were not acknowledged: the row may or may not exist. */
  unackedMobiles: string[];
  /** Mobile of an acknowledged add whose id is to be looked up next (the user finds what they added). */
  toFind?: AddedExpert;
  sequence: number;
}

/** Ids a user of each role can read in detail (collected before the run, as that role). */
export interface DetailIds {
  expert: readonly string[];
  receive: readonly string[];
}

export interface Sample {
  kind: RequestKind;
  answer: Answer;
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)];
}

function pickKind(role: UserRole, user: BenchUser): RequestKind {
  const weights = role === 'writer' ? WRITER_WEIGHTS : READER_WEIGHTS;
  const total = REQUEST_KINDS.reduce((sum, kind) => sum + weights[kind], 0);
  let roll = Math.random() * total;
  for (const kind of REQUEST_KINDS) {
    roll -= weights[kind];
    if (roll < 0) return kind === 'edit' && !user.added.some((a) => a.id) ? 'add' : kind;
  }
  return 'list';
}

/** A mobile no other request of the run uses: 199 + user (3 digits) + sequence (5 digits). */
function mobileOf(user: BenchUser): string {
  user.sequence += 1;
  return `199${String(user.index).padStart(3, '0')}${String(user.sequence).padStart(5, '0')}`;
}

function expertBody(mobile: string, remark: string): Record<string, unknown> {
  return { expertName: `压测专家${mobile.slice(-6)}`, sex: '1', contactMobile: mobile, majorDirection: '火灾', remark };
}

/** Sends the user's next request and records what it did. */
export async function nextRequest(client: ApiClient, user: BenchUser, ids: DetailIds): Promise<Sample> {
  if (user.toFind) {
    const target = user.toFind;
    user.toFind = undefined;
    const answer = await client.call<{ records: Array<{ id: string; contactMobile: string }> }>(
      'GET',
      `${EXPERT}/list?pageNo=1&pageSize=10&contactMobile=${target.mobile}`,
      user.headers,
    );
    const found = answer.envelope?.result?.records?.find((r) => r.contactMobile === target.mobile);
    if (found) target.id = found.id;
    return { kind: 'list', answer };
  }
  const kind = pickKind(user.role, user);
  switch (kind) {
    case 'list':
      return { kind, answer: await client.call('GET', pick(LIST_QUERIES), user.headers) };
    case 'detail': {
      const expert = Math.random() < 0.5 || ids.receive.length === 0;
      const id = pick(expert ? ids.expert : ids.receive);
      return { kind, answer: await client.call('GET', `${expert ? EXPERT : RECEIVE}/queryById?id=${encodeURIComponent(id)}`, user.headers) };
    }
    case 'dict': {
      const { path, headers } = dictPath(pick(DICT_CODES));
      return { kind, answer: await client.call('GET', path, { ...user.headers, ...headers }) };
    }
    case 'menu':
      return { kind, answer: await client.call('GET', `${API}/sys/permission/getUserPermissionByToken`, user.headers) };
    case 'add': {
      const mobile = mobileOf(user);
      const answer = await client.call('POST', `${EXPERT}/add`, user.headers, expertBody(mobile, ''));
      if (answer.ok) {
        const added: AddedExpert = { mobile, ackedRemark: '', unackedRemarks: [] };
        user.added.push(added);
        user.toFind = added;
      } else {
        user.unackedMobiles.push(mobile);
      }
      return { kind, answer };
    }
    case 'edit': {
      const target = pick(user.added.filter((a) => a.id));
      const remark = `编辑${user.sequence++}`;
      const answer = await client.call('PUT', `${EXPERT}/edit`, user.headers, { id: target.id, ...expertBody(target.mobile, remark) });
      if (answer.ok) {
        target.ackedRemark = remark;
        target.unackedRemarks = [];
      } else {
        target.unackedRemarks.push(remark);
      }
      return { kind, answer };
    }
  }
}
