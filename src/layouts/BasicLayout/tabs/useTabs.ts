import { HOME_PATH } from '../../../config';
import { OPEN_TABS } from '../../../store/storage';
import { createTabsStore } from './tabsStore';

/** The one tab strip of the signed-in layout; it survives a reload, logout clears it. */
export const useTabs = createTabsStore(HOME_PATH, OPEN_TABS);
