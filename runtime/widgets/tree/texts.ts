/**
 * Texts of the tree widgets (treeSelect, categoryTree, linkDown). Where widgets.md renders a text in
 * English, the Chinese original of JeecgBoot is shipped:
 *
 *   | widgets.md                                   | shown                                   |
 *   |----------------------------------------------|-----------------------------------------|
 *   | 'condition value wrong, needs a json string' | condition传值有误，需要一个json字符串!      |
 *   |   (category select; JCategorySelect.vue reuses JTreeSelect's text, there prefixed '组件JTreeSelect-') |
 *   | 'returned data type not recognised'          | 返回数据类型不识别                          |
 *
 * Texts the spec gives in Chinese ('condition传值有误，需要一个json字符串!', '仅可选择非父级节点') are used verbatim.
 */
export const TREE_TEXTS = {
  /** treeSelect: condition is not a JSON object (widgets spec §8, verbatim). */
  badCondition: 'condition传值有误，需要一个json字符串!',
  /** categoryTree: condition is not a JSON string ('condition value wrong, needs a json string'). */
  badCategoryCondition: 'condition传值有误，需要一个json字符串!',
  /** onlySelectLeaf and a parent node was chosen (verbatim). */
  onlyLeaf: '仅可选择非父级节点',
  /** The server answered a shape that is neither a list nor {records} ('returned data type not recognised'). */
  unrecognised: '返回数据类型不识别',
  /** A load failed without a message of its own. */
  loadFailed: '加载失败',
  /** A field declared with the widget type but without its options. */
  missingOptions: (widget: string) => `控件 ${widget} 未配置 options.${widget}`,
  noData: '暂无数据',
} as const;
