/**
 * The editable grid of a grid page (runtime/views/grid) as the e2e specs drive it: its rows and
 * cells by index and column key, the open dropdown's options, typing into a cell, ending the edit
 * and saving.
 */
import type { Locator, Page } from '@playwright/test';

export function grid(page: Page): Locator {
  return page.locator('.editable-grid');
}

export function row(page: Page, index: number): Locator {
  return grid(page).locator(`.grid-row[data-index="${index}"]`);
}

export function cell(page: Page, index: number, key: string): Locator {
  return row(page, index).locator(`.grid-cell[data-column="${key}"]`);
}

/** Options of the select dropdown now open. */
export function openOptions(page: Page): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
}

/** Clicks a text cell, empties it and types, key by key. */
export async function typeInCell(page: Page, index: number, key: string, text: string): Promise<void> {
  await cell(page, index, key).click();
  const input = cell(page, index, key).locator('input');
  await input.fill('');
  await input.pressSequentially(text);
}

/** A mouse-up outside the editing cells ends editing (spec §4): a click on the header's corner. */
export async function endEditing(page: Page): Promise<void> {
  await grid(page).locator('.grid-header').click({ position: { x: 5, y: 5 } });
}

export async function saveGrid(page: Page): Promise<void> {
  await grid(page).getByRole('button', { name: /保\s*存$/ }).click();
}
