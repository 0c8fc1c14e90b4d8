export * from './types';
export * from './expiringStorage';
export * from './failure';
export * from './saveFileInBrowser';
