/**
 * Online reports (JeecgBoot's cgreport) without SQL: documents under schemas/reports name a page and
 * its fields (meta-schema schemas/meta/report.schema.json); the server lists that page's rows for
 * the popup widget (runtime/widgets/popup).
 *
 *   const reports = loadReports(pages);            // throws ReportLoadError listing every broken file
 *   await app.register(onlineReportRoutes, { prefix: apiBase, pages, reports });
 */
export { onlineReportRoutes, unknownReportMessage, type OnlineReportRoutesOptions } from './reportRoutes';
export { loadReports, loadReportFile, ReportLoadError, REPORTS_DIR } from './loadReports';
export { compileReport, pageRef } from './compileReport';
export type { CompiledReport } from './compiledReportTypes';
export { checkReports, popupReferenceErrors } from './checkReports';
