import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { e2eServerPort } from './ports';

/**
 * The e2e server's text messages (SMS_OUTBOX, set by scripts/e2e-server.mjs): one JSON line per
 * message, in a file named after the server's port. The codes a user would read on the phone.
 */
const port = e2eServerPort();
const OUTBOX = path.join(os.tmpdir(), `lossdesk-e2e-sms-${port}.jsonl`);

interface SentMessage {
  phone: string;
  content: string;
}

function messagesTo(phone: string): SentMessage[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readFileSync(OUTBOX, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SentMessage)
    .filter((message) => message.phone === phone);
}

/** How many messages went to the phone so far. */
export function sentCount(phone: string): number {
  return messagesTo(phone).length;
}

/** Waits for a message after the first `before` to the phone and answers its 6-digit code. */
export async function codeSentTo(phone: string, before: number): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const message = messagesTo(phone)[before];
      code = message?.content.match(/验证码为(\d{6})/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}
