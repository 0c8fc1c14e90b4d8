export { fileRoutes } from './fileRoutes';
export { FILE_MESSAGES } from './messages';
export { fillFileReferences } from './fileReferences';
