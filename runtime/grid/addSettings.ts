import type { HostStorage } from '../host/types';
import { ADD_SETTINGS_KEY } from './constants';

/** The add button's settings (spec §4), kept locally under 'jet-add-btn-settings'. */
export interface AddSettings {
  /** Rows per click, at least 1. */
  count: number;
  /** 0 = bottom; n ≥ 1 = the new rows start at the n-th row. */
  position: number;
  scrollToBottom: boolean;
}

export const DEFAULT_ADD_SETTINGS: Readonly<AddSettings> = Object.freeze({ count: 1, position: 0, scrollToBottom: true });

function wholeAtLeast(value: unknown, min: number, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.max(min, Math.floor(n)) : fallback;
}

/** Any stored or typed shape made valid: count ≥ 1, position ≥ 0, both whole numbers. */
export function normaliseAddSettings(raw: unknown): AddSettings {
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    count: wholeAtLeast(value.count, 1, DEFAULT_ADD_SETTINGS.count),
    position: wholeAtLeast(value.position, 0, DEFAULT_ADD_SETTINGS.position),
    scrollToBottom: typeof value.scrollToBottom === 'boolean' ? value.scrollToBottom : DEFAULT_ADD_SETTINGS.scrollToBottom,
  };
}

export function loadAddSettings(storage: HostStorage): AddSettings {
  return normaliseAddSettings(storage.get<unknown>(ADD_SETTINGS_KEY));
}

/** Stores the settings (normalised) without expiry and returns what was stored. */
export function saveAddSettings(storage: HostStorage, settings: Partial<AddSettings>): AddSettings {
  const next = normaliseAddSettings({ ...loadAddSettings(storage), ...settings });
  storage.set(ADD_SETTINGS_KEY, next, null);
  return next;
}
