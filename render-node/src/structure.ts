import { Worker } from "node:worker_threads";

export type Rect = { x: number; y: number; width: number; height: number };
export type LinkTarget = { rect: Rect; page?: number; uri?: string };
export type DocumentStructure = {
  outline: { title: string; page: number; level: number; uri: string }[];
  links: { page: number; links: LinkTarget[] }[];
};
type Task = { file: string; cacheKey: string; first: number; last: number; includeOutline: boolean; includeLinks: boolean };

const WORKER_URL = new URL("./structure-worker.mjs", import.meta.url);

/**
 * pdf.js runs in worker threads with a heap cap and a time limit: a parser loop or a huge
 * document costs that thread (terminated and replaced), never the node's event loop.
 */
export class StructureReader {
  #idle: Worker[] = [];
  #nextId = 1;
  readonly #maxIdle: number;
  readonly #heapMb: number;

  constructor(options: { maxIdle: number; heapMb?: number }) {
    this.#maxIdle = options.maxIdle;
    this.#heapMb = options.heapMb ?? 512;
  }

  /** Starts the idle threads ahead of the first call: loading pdf.js costs 0.7–1.4 s per thread. */
  warm() {
    while (this.#idle.length < this.#maxIdle) {
      const worker = this.#spawn();
      worker.unref();
      this.#idle.push(worker);
    }
  }

  #spawn() {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: this.#heapMb } });
    // A thread that dies while idle (out of memory, crash) must not be handed out later.
    worker.once("exit", () => {
      this.#idle = this.#idle.filter((idle) => idle !== worker);
    });
    return worker;
  }

  read(task: Task, options: { timeoutMs: number; signal: AbortSignal }): Promise<DocumentStructure> {
    return this.#run<DocumentStructure>({ kind: "structure", ...task }, options);
  }

  /**
   * The second renderer (issue 46): pdf.js draws one page, `width` pixels wide, as RGB pixels.
   * It substitutes a font it cannot load where poppler draws nothing; the same time limit and
   * heap cap as every other task of these threads.
   */
  async renderPage(
    task: { file: string; cacheKey: string; page: number; width: number },
    options: { timeoutMs: number; signal: AbortSignal },
  ): Promise<{ width: number; height: number; pixels: Buffer }> {
    const image = await this.#run<{ width: number; height: number; pixels: Uint8Array }>({ kind: "render", ...task }, options);
    return {
      width: image.width,
      height: image.height,
      pixels: Buffer.from(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength),
    };
  }

  async #run<T>(task: Record<string, unknown>, options: { timeoutMs: number; signal: AbortSignal }): Promise<T> {
    const worker = this.#idle.pop() ?? this.#spawn();
    worker.ref();
    const id = this.#nextId++;
    let healthy = false;
    try {
      const result = await new Promise<T>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${String(task.kind)} took longer than ${options.timeoutMs} ms`)),
          options.timeoutMs,
        );
        const onAbort = () => reject(options.signal.reason ?? new Error("aborted"));
        options.signal.addEventListener("abort", onAbort, { once: true });
        const cleanup = () => {
          clearTimeout(timer);
          options.signal.removeEventListener("abort", onAbort);
          worker.off("message", onMessage);
          worker.off("error", onError);
          worker.off("exit", onExit);
        };
        const onMessage = (message: { id: number; result?: T; error?: string }) => {
          if (message.id !== id) return;
          cleanup();
          healthy = true;
          if (message.error !== undefined) reject(new Error(message.error));
          else resolve(message.result as T);
        };
        const onError = (error: Error) => {
          cleanup();
          reject(error);
        };
        const onExit = (code: number) => {
          cleanup();
          reject(new Error(`structure thread exited with ${code}`));
        };
        worker.on("message", onMessage);
        worker.on("error", onError);
        worker.on("exit", onExit);
        worker.postMessage({ id, ...task });
      });
      return result;
    } finally {
      if (healthy && this.#idle.length < this.#maxIdle) {
        // An idle thread must not keep a finished process alive.
        worker.unref();
        this.#idle.push(worker);
      } else void worker.terminate();
    }
  }

  async close() {
    await Promise.all(this.#idle.splice(0).map((worker) => worker.terminate()));
  }
}
