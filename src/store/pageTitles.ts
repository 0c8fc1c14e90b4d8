import { create } from 'zustand';

/**
 * Titles a page gives itself once its data is read (a record page: 案件：GA2026000012), by tab key
 * (pathname). The layout names the tab and the document with it instead of the route's fixed title.
 */
interface PageTitles {
  titles: Readonly<Record<string, string>>;
  set(key: string, title: string): void;
}

export const usePageTitles = create<PageTitles>()((set) => ({
  titles: {},
  set(key, title) {
    set((state) => (state.titles[key] === title ? state : { titles: { ...state.titles, [key]: title } }));
  },
}));
