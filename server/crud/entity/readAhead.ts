/**
 * Yields what `source` yields, asking it for the next item as soon as it hands over one, so that
 * the work it does for the next item (reading and parsing a workbook's rows) overlaps the caller's
 * work on this one (waiting for the database).
 */
export async function* readAhead<T>(source: AsyncGenerator<T>): AsyncGenerator<T> {
  let pending = source.next();
  // A failure of the item asked for early is reported when the caller comes to it, not as unhandled.
  pending.catch(() => undefined);
  try {
    for (;;) {
      const result = await pending;
      if (result.done === true) return;
      pending = source.next();
      pending.catch(() => undefined);
      yield result.value;
    }
  } finally {
    // The caller stopped early (an error): end the source once its pending step has settled.
    await pending.then(
      (result) => (result.done === true ? undefined : source.return(undefined)),
      () => undefined,
    );
  }
}
