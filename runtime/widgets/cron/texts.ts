/**
 * Texts of the cron editor. widgets.md gives 'Cron表达式', '请输入cron表达式' and '无执行时间' in Chinese
 * (used verbatim); the part and type names follow JeecgBoot's j-easy-cron:
 *
 *   | widgets.md (§3, §4)                  | shown                         |
 *   |--------------------------------------|-------------------------------|
 *   | second minute hour day month week year | 秒 分 时 日 月 周 年          |
 *   | not set '?'                          | 不设置                        |
 *   | every '*'                            | 每一秒 / 每一分 / … (每一<part>) |
 *   | range 'a-b'                          | 区间                          |
 *   | loop 'a/b'                           | 循环                          |
 *   | work day 'nW'                        | 工作日                        |
 *   | last 'L'                             | 本月最后一天                  |
 *   | last weekday 'LW'                    | 本月最后一个工作日            |
 *   | days before month end 'L-n'          | 本月倒数第n天                 |
 *   | nth weekday of month 'x#n'           | 本月第n个星期x                |
 *   | last given weekday 'xL'              | 本月最后一个星期x             |
 *   | specify                              | 指定                          |
 *   | (ours) a part no tab can show, kept  | 保持原样：<text>              |
 *   | preview of the next 10 run times     | 近10次执行时间（不含年）      |
 *   | OK / cancel                          | 确定 / 取消                   |
 */
import { CRON_PLACEHOLDER } from '../../cron/texts';
import type { PartKey } from './model';

export const CRON_TEXTS = {
  title: 'Cron表达式',
  placeholder: CRON_PLACEHOLDER,
  noTimes: '无执行时间',
  open: '选择',
  ok: '确定',
  cancel: '取消',
  preview: '近10次执行时间（不含年）',
  expression: '表达式',
  invalid: '表达式不正确',
  computing: '计算中…',
  custom: '保持原样',
} as const;

export const PART_LABELS: Readonly<Record<PartKey, string>> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

export const WEEKDAY_LABELS = ['', '周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;
