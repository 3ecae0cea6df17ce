import { Transform, type TransformCallback } from "node:stream";

/**
 * The pipe between React's streaming renderer and the response: it passes on what React wrote
 * in one piece each time React flushes (React calls a destination's `flush()` when it has
 * written what is ready, for example the shell, later a resolved boundary), not React's 4 KB
 * pieces one by one.
 *
 * A workspace page is about 27 such pieces. Each went through the stream layers to the socket
 * and the compressor on its own, and every one was flushed out of the compressor: more studio
 * CPU than compressing the page whole, and a larger answer (issue 29). The page still streams
 * where React streams: each flush is passed on at once.
 */
export class FlushBatches extends Transform {
  #pending: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#pending.push(chunk);
    callback();
  }

  /** What React has written so far goes on as one piece. */
  flush() {
    if (this.#pending.length === 0) return;
    const batch = this.#pending.length === 1 ? (this.#pending[0] as Buffer) : Buffer.concat(this.#pending);
    this.#pending = [];
    this.push(batch);
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }
}
