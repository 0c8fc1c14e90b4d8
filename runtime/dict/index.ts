export * from './types';
export * from './normalize';
export * from './dictService';
export * from './useDictionaries';
