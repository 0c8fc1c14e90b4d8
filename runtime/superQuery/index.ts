export * from './texts';
export * from './model';
export * from './fields';
export * from './savedQueries';
export * from './builder';
