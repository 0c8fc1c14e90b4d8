/**
 * Texts of the search select (widgets spec §5). The spec gives them in English; the product ships
 * the Chinese originals:
 *
 * | spec                        | shown          |
 * |-----------------------------|----------------|
 * | No data found               | 未找到数据     |
 * | Please enter search content | 请输入搜索内容 |
 */
export const SEARCH_SELECT_TEXTS = {
  noData: '未找到数据',
  prompt: '请输入搜索内容',
  searching: '搜索中...',
} as const;
