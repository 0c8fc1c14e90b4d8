/**
 * JeecgBoot's hierarchical org codes (YouBianCodeUtil): each level adds three characters, a letter
 * and two digits — A01, A02 … A99, B01 … Z99 — so a department's code is its parent's code plus its
 * own (A01A03), and `org_code LIKE 'A01%'` is the subtree. Up to 26 × 99 departments per level.
 */
import { BusinessError } from '../../http/envelope';

export const FIRST_CODE = 'A01';
const SEGMENT = /^[A-Z]\d{2}$/;

export const CODES_EXHAUSTED = '同一上级下的部门编码已用完（最多2574个），无法再新增部门';

/** The code after `segment` at one level: A01 → A02, A99 → B01; Z99 has none. */
export function nextSegment(segment: string): string {
  if (!SEGMENT.test(segment)) throw new BusinessError(`部门编码「${segment}」不是字母加两位数字，无法生成下一个编码`);
  const letter = segment.charCodeAt(0);
  const number = Number(segment.slice(1));
  if (number < 99) return `${segment[0]}${String(number + 1).padStart(2, '0')}`;
  if (segment[0] === 'Z') throw new BusinessError(CODES_EXHAUSTED);
  return `${String.fromCharCode(letter + 1)}01`;
}

/**
 * The code of a new department under `parentCode` ('' for a first-level one), given the highest
 * code its siblings hold (deleted ones included: codes are never given twice), if any.
 */
export function nextOrgCode(parentCode: string, highestSibling: string | undefined): string {
  if (highestSibling === undefined) return `${parentCode}${FIRST_CODE}`;
  return `${parentCode}${nextSegment(highestSibling.slice(parentCode.length))}`;
}
