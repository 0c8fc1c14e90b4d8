/**
 * Headless parts of a card list (`list.display: "cards"`, 卡片列表): what one card shows of a row and
 * how many cards share a line. The texts come from the list's own cell formatting, so a card and a
 * table cell of the same field read alike (dictionary texts, dates, money). No React here.
 */
import type { DictService } from '../../dict/dictService';
import type { CompiledCard, CompiledListColumn } from '../../schema/compiledPageTypes';
import { cellText } from './cellText';

type Row = Readonly<Record<string, unknown>>;

export interface CardLine {
  key: string;
  label: string;
  text: string;
}

export interface CardContent {
  title: string;
  description: string;
  /** The letter of the round avatar when the card has no avatar picture. */
  initial: string;
  /** The avatar picture's stored value; absent: the initial is shown. */
  picture?: string;
  lines: CardLine[];
}

/** An empty value shows as a dash on its line, so the lines of the cards stay aligned. */
export const EMPTY_LINE_TEXT = '-';

function stored(column: CompiledListColumn | undefined, row: Row): string | undefined {
  const value = column ? row[column.field.name] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function cardContent(card: CompiledCard, row: Row, dict: DictService): CardContent {
  const title = cellText(card.title, row, dict);
  const picture = stored(card.avatar, row);
  return {
    title,
    description: card.description ? cellText(card.description, row, dict) : '',
    initial: Array.from(title.trim())[0] ?? '?',
    ...(picture ? { picture } : {}),
    lines: card.extra.map((column) => ({ key: column.field.name, label: column.title, text: cellText(column, row, dict) || EMPTY_LINE_TEXT })),
  };
}

/** antd List's grid: the declared cards per line on wide screens, at most two on medium, one on narrow ones. */
export function cardGrid(columns: number): { gutter: number; xs: number; sm: number; md: number; lg: number; xl: number; xxl: number } {
  return { gutter: 16, xs: 1, sm: 1, md: Math.min(2, columns), lg: columns, xl: columns, xxl: columns };
}
