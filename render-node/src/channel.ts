/**
 * Merges values pushed by several concurrent producers into one async iterator, so a
 * server stream can yield pages from all page ranges as each is ready.
 */
export class Channel<T> implements AsyncIterable<T> {
  #items: T[] = [];
  #waiting: (() => void) | null = null;
  #closed = false;
  #error: unknown = null;

  push(item: T) {
    this.#items.push(item);
    this.#wake();
  }

  close(error?: unknown) {
    if (this.#closed) return;
    this.#closed = true;
    if (error !== undefined) this.#error = error;
    this.#wake();
  }

  #wake() {
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting?.();
  }

  async *[Symbol.asyncIterator]() {
    while (true) {
      if (this.#items.length) {
        yield this.#items.shift() as T;
        continue;
      }
      if (this.#closed) {
        if (this.#error) throw this.#error;
        return;
      }
      await new Promise<void>((resolve) => {
        this.#waiting = resolve;
      });
    }
  }
}
