/** Quartz cron: parser, evaluator and zone helpers (headless; the scheduler, the command and the widget share it). */
export { parseCron, cronError, cronFieldError, CronParseError, CRON_FIELDS, type CronField, type CronSpec, type DayOfMonthRule, type DayOfWeekRule } from './parse';
export { nextFireTimes, nextFireTime, type NextOptions } from './next';
export { formatInZone, formatDateTime, isValidZone } from './zone';
export { SCHEDULER_ZONE } from './schedulerZone';
export { CRON_PLACEHOLDER } from './texts';
