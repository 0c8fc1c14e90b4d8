import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { DOWNLOAD_CLOSED_MESSAGE, writeXlsx } from '../../../server/excel';
import { asyncRows, countingSink, expertColumns, expertRecord } from './fixtures';

describe('large exports', () => {
  test('100,000 rows stream out to the end', async () => {
    const { sink, bytes } = countingSink();
    const finished = new Promise<void>((resolve) => sink.on('finish', resolve));
    const { rowCount } = await writeXlsx(sink, {
      title: '专家',
      exportedBy: '管理员',
      columns: expertColumns,
      rows: asyncRows(100_000, expertRecord),
    });
    await finished;
    expect(rowCount).toBe(100_000);
    // Zipped XML of 100k rows; far more than a few header rows, far less than raw text.
    expect(bytes()).toBeGreaterThan(2_000_000);
  }, 180_000);

  test('a client that stops reading holds the export instead of piling rows up in memory', async () => {
    let produced = 0;
    const stalled = new Writable({
      highWaterMark: 16 * 1024,
      write(_chunk, _encoding, _callback) {
        // Never calls back: the download is stuck.
      },
    });
    const exporting = writeXlsx(stalled, {
      title: '专家',
      exportedBy: '管理员',
      columns: expertColumns,
      rows: asyncRows(100_000, (i) => {
        produced = i;
        return expertRecord(i);
      }),
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(produced).toBeGreaterThan(0);
    expect(produced).toBeLessThan(20_000);
    // The user closes the tab: the export stops with a reason instead of hanging.
    stalled.destroy();
    await expect(exporting).rejects.toThrow(DOWNLOAD_CLOSED_MESSAGE);
  });
});
