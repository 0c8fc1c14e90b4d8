/**
 * The greeting by hour of spec §2: before 9 morning, to 11 forenoon, to 13 noon, before 20
 * afternoon, otherwise evening. "to 11"/"to 13" include the whole hour (11:59 is still 上午).
 */
export function greetingByHour(hour: number): string {
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}

export function greetingAt(date: Date): string {
  return greetingByHour(date.getHours());
}
