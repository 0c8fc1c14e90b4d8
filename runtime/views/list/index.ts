export { SchemaList, EMPTY_TEXT, type SchemaListProps } from './SchemaList';
export { totalText } from '../../list/paging';
export { QueryBar, QUERY_TEXTS, type QueryBarProps } from './QueryBar';
export { ListToolbar, TOOLBAR_TEXTS } from './ListToolbar';
export { listColumns, ROW_ACTION_TEXTS, ACTION_COLUMN_TITLE, type Row } from './listColumns';
export { listConfigOf, listDictCodes, pageUrls, type PageUrls } from './listConfig';
export { cellText, ellipsis, formatMoney, DATE_FORMAT, DATETIME_FORMAT, TIME_FORMAT } from './cellText';
export { controlOf, toFormValues, toQueryValues, type QueryControl } from './queryControls';
export { downloadTemplate } from './templateDownload';
