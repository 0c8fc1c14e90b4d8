/**
 * Whether a view's filter implies a data rule's named scope (server/crud/entity/conditionImplication.ts),
 * read from the declared conditions: 我的案件 (主办 or 成员) and 协办 lie within a 公估师's scope
 * (本部门 or 登记, 主办, 协办, 成员); 在办 does not, nor does a scope one of whose allOf parts the view
 * leaves open.
 */
import { describe, expect, it } from 'vitest';
import type { RowCondition } from '../../../runtime/generated/page';
import { implies } from '../../../server/crud/entity/conditionImplication';

const handler: RowCondition = { field: 'handler', op: 'eq', session: 'username' };
const member: RowCondition = { child: { page: 'receive/receiveMember', link: 'receiveId', where: [{ field: 'userName', op: 'eq', session: 'username' }] } };
const assistant: RowCondition = { field: 'assistants', op: 'contains', session: 'username' };
const departs: RowCondition = { field: 'departId', op: 'in', session: 'departs' };
const adjusterCases: RowCondition = { anyOf: [{ field: 'createBy', op: 'eq', session: 'username' }, departs, handler, assistant, member] };

describe('a condition implies another', () => {
  it('我的案件 and 协办 lie within the 公估师 scope', () => {
    expect(implies({ anyOf: [handler, member] }, adjusterCases)).toBe(true);
    expect(implies(assistant, adjusterCases)).toBe(true);
    expect(implies(adjusterCases, adjusterCases)).toBe(true);
  });

  it('a view of a state, or a branch the scope lacks, does not', () => {
    expect(implies({ field: 'receiveStatus', op: 'eq', value: 'handle' }, adjusterCases)).toBe(false);
    expect(implies({ anyOf: [handler, { field: 'handler', op: 'eq', value: 'lisi' }] }, adjusterCases)).toBe(false);
    // The member branch of another page, or testing another field, is another condition.
    expect(implies({ child: { ...member.child, page: 'receive/receiveOther' } } as RowCondition, adjusterCases)).toBe(false);
  });

  it('an allOf implies what one of its parts does; a target allOf needs every part', () => {
    expect(implies({ allOf: [{ field: 'receiveStatus', op: 'eq', value: 'handle' }, handler] }, adjusterCases)).toBe(true);
    expect(implies(handler, { allOf: [handler, departs] })).toBe(false);
    expect(implies({ allOf: [handler, departs] }, { allOf: [departs, handler] })).toBe(true);
  });

  it('empty anyOf and allOf (nothing passes) are not reasoned about', () => {
    expect(implies({ anyOf: [] }, handler)).toBe(false);
    expect(implies(handler, { allOf: [] })).toBe(false);
  });
});
