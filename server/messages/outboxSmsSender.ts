import fs from 'node:fs/promises';
import path from 'node:path';
import type { SmsSender } from './channels';

/**
 * SMS_OUTBOX: each text message becomes one JSON line `{"phone","content","sentAt"}` appended to a
 * file, for test runs and trials without a provider (the e2e tests read their sign-in codes here).
 * Whoever can read the file can read every code: never in a real deployment.
 */
export function outboxSmsSender(file: string): SmsSender {
  return {
    async send(phone, content) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.appendFile(file, `${JSON.stringify({ phone, content, sentAt: new Date().toISOString() })}\n`, 'utf8');
    },
  };
}
