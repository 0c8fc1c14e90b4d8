/**
 * Online reports (JeecgBoot's cgreport, issue 17): reports designed in 报表配置 as one SELECT with
 * `${param}`s, stored in onl_cgreport_head/item/param, run read-only and bounded.
 *
 *   companions: { onl_cgreport_head: cgreportHeadRoutes }, hooks: { onl_cgreport_head: cgreportHeadHooks }
 *   // the report API (server/reports/reportRoutes.ts) serves them beside the file reports
 */
export { cgreportHeadHooks, cgreportHeadRoutes, ONLINE_REPORT_CODES } from './cgreportHeadRoutes';
export { findReport, type StoredReport } from './reportModel';
export { onlineColumnsAnswer, onlineData, onlineExport, onlineParamsInfo, onlineQueryInfo } from './onlineReportApi';
export { guardReportSql, ReportSqlError } from './reportSql';
export { declareSharedTables, REPORT_READER_ROLE, reportReadableTable } from './readerRole';
