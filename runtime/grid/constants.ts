/** Sizes, delays and keys of the editable grid (widgets spec §9, §4). */
import { UPLOAD_URL } from '../contract/files';

/** Row height in px at the default size 'medium'. */
export const ROW_HEIGHT = 61;

/** The grid's sizes (spec §9: medium, small, mini, tiny; default medium). */
export const GRID_SIZES = ['medium', 'small', 'mini', 'tiny'] as const;
export type GridSize = (typeof GRID_SIZES)[number];
/**
 * Row height in px by size. The spec gives medium's 61; the smaller ones are ours, each a step
 * denser and still taller than a small (24 px) cell editor with its padding.
 */
export const ROW_HEIGHTS: Readonly<Record<GridSize, number>> = { medium: ROW_HEIGHT, small: 48, mini: 40, tiny: 32 };
/** Height in px above which the body scrolls. */
export const MAX_HEIGHT = 400;

/** The popup text input (input_pop): its text area, in px (spec §9: 200 high, 150 wide). */
export const INPUT_POP_HEIGHT = 200;
export const INPUT_POP_WIDTH = 150;

/** Sequence (row number) column width. */
export const SEQUENCE_WIDTH = 60;
/** Selection column width; wider when a footer (statistics) shows its titles there. */
export const SELECTION_WIDTH = 40;
export const SELECTION_WIDTH_WITH_TOTALS = 60;

/** Default widths of the column types that carry their own (px). */
export const DATETIME_WIDTH = 200;
export const USER_PICKER_WIDTH = 220;
export const DEPART_PICKER_WIDTH = 160;
/** Share of the grid's width the other columns divide among themselves, in percent. */
export const SHARED_WIDTH_PERCENT = 92;
/** Default width of the other columns when columns scroll horizontally instead of sharing 92 %. */
export const SCROLLING_COLUMN_WIDTH = 120;
/** Minimum widths (px). */
export const PICKER_MIN_WIDTH = 190;
export const DATE_MIN_WIDTH = 135;

/** A second add within this time is the same click landing twice; it is ignored. */
export const INSERTION_GUARD_MS = 1_500;
/** How long a row changed by someone else (or reloaded) stays highlighted. */
export const RELOAD_HIGHLIGHT_MS = 1_400;
/** Blur validation waits this long, so a click on a popup of the cell does not validate half a value. */
export const BLUR_VALIDATE_MS = 100;
/** An add that scrolls to the bottom waits this long, so the view has measured the new rows first. */
export const SCROLL_END_DELAY_MS = 100;

/** Where the add button's settings are kept (HostStorage, no expiry). */
export const ADD_SETTINGS_KEY = 'jet-add-btn-settings';
/** Default order column of drag-sort grids, renumbered from 1 after each reorder. */
export const DEFAULT_ORDER_FIELD = 'orderNum';
/** Default row key of the records the grid loads and outputs. */
export const DEFAULT_ROW_KEY = 'id';

/** Default date formats (dayjs tokens, spec §9): the ones forms and lists store and show. */
export { DATE_FORMAT, DATETIME_FORMAT } from '../schema/storedValues';

/** Default upload endpoint and the response field holding the stored path (spec §7). */
export const DEFAULT_UPLOAD_ACTION = UPLOAD_URL;
export const DEFAULT_UPLOAD_RESPONSE_NAME = 'message';
