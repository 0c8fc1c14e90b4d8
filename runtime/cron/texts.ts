/**
 * The cron input's placeholder (widgets.md §5). Here, away from the widget, so the schema compiler can
 * make it a cron field's default placeholder without importing React code.
 */
export const CRON_PLACEHOLDER = '请输入cron表达式';
