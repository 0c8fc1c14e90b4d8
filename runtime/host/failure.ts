/**
 * What to do with a rejected host request. The host's request layer tells the user about transport
 * failures itself (error catalogue) before rejecting; an error that says `notified: false` was not
 * shown yet (e.g. a download refused with a JSON envelope), so its message is shown as a warning.
 */
import type { HostNotify } from './types';

export interface UnnotifiedFailure {
  message: string;
  notified: false;
}

export function isUnnotifiedFailure(error: unknown): error is UnnotifiedFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    'notified' in error &&
    error.notified === false &&
    'message' in error &&
    typeof error.message === 'string' &&
    error.message !== ''
  );
}

export function reportFailure(notify: HostNotify, error: unknown): void {
  if (isUnnotifiedFailure(error)) notify.warning(error.message);
}
