/** JeecgBoot's DictModel on the wire: `title` and `label` repeat the text for antd/vue widgets. */
export interface DictItem {
  value: string;
  text: string;
  title: string;
  label: string;
}

export function dictItem(value: string, text: string): DictItem {
  return { value, text, title: text, label: text };
}
