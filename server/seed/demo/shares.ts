/**
 * 默认分摊比例 — the share (percent, 2 decimals) of each member of one case when nobody set it by hand:
 * 复核 0; 协办 20 each; 查勘 and 其他 10 each; 主办 the rest. Without a 主办, or when the others
 * already take more than 100, the members other than 复核 share equally (the first takes the rounding
 * remainder). The shares of a case with any member but 复核 add up to exactly 100.
 * Migration 0031 fills the shares of databases seeded before by the same rule.
 */
export const FIXED_SHARE: Readonly<Record<string, number>> = { reviewer: 0, assistant: 20, surveyor: 10, other: 10 };

export function defaultShares(roles: readonly string[]): number[] {
  const handlers = roles.filter((r) => r === 'handler').length;
  const others = roles.reduce((sum, r) => sum + (r === 'handler' ? 0 : (FIXED_SHARE[r] ?? 10)), 0);
  if (handlers === 1 && others <= 100) return roles.map((r) => (r === 'handler' ? 100 - others : (FIXED_SHARE[r] ?? 10)));
  const sharing = roles.filter((r) => r !== 'reviewer').length;
  if (sharing === 0) return roles.map(() => 0);
  const cents = Math.floor(10_000 / sharing);
  let first = true;
  return roles.map((r) => {
    if (r === 'reviewer') return 0;
    const share = first ? 10_000 - cents * (sharing - 1) : cents;
    first = false;
    return share / 100;
  });
}
