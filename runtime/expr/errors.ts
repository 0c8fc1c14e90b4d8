/**
 * Every failure of a page expression — bad syntax, a function outside the whitelist, a forbidden
 * property — is one of these. It names the 1-based character where the problem starts, so an
 * analyst editing a schema file can find it without a stack trace.
 */
export class ExpressionError extends Error {
  constructor(
    /** What went wrong, in the author's terms (Chinese, like every text the product shows). */
    readonly reason: string,
    /** The expression as written (without the surrounding {{ }}). */
    readonly source: string,
    /** 0-based offset into `source` where the problem starts. */
    readonly position: number,
  ) {
    super(`表达式 \`${source}\` 第${position + 1}个字符：${reason}`);
    this.name = 'ExpressionError';
  }

  /** 1-based column, as shown in the message. */
  get column(): number {
    return this.position + 1;
  }
}
