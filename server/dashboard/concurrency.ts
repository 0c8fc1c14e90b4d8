/**
 * At most `limit` reads of one dashboard request at a time: the figures are independent and run side
 * by side on PostgreSQL's pool, but one home page must not take every pooled connection from the
 * lists other users are waiting on.
 */
export class ReadLimit {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(read: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await read();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

/** Reads of one 首页 request at a time (of DB_POOL_MAX, default 10). */
export const DASHBOARD_READS = 4;
