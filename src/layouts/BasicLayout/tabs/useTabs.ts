import { HOME_PATH } from '../../../config';
import { createTabsStore } from './tabsStore';

/** The one tab strip of the signed-in layout; logout reloads the page, which starts it afresh. */
export const useTabs = createTabsStore(HOME_PATH);
