/** What a monitor page says (page language `monitor`). */
export const MONITOR_TEXTS = {
  autoRefresh: '自动刷新',
  paused: '已暂停',
  every: (seconds: number) => `每 ${seconds} 秒`,
  refresh: '刷新',
  updatedAt: (time: string) => `更新于 ${time}`,
  failed: '监控数据读取失败',
  empty: '暂无数据',
} as const;
