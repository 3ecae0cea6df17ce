/**
 * Counts the node's page slots (one poppler process per core). Callers queue in arrival order,
 * so the first pages of the document asked first are rendered first.
 */
export class Slots {
  #free: number;
  #queue: (() => void)[] = [];
  #onChange: () => void;
  readonly capacity: number;

  constructor(capacity: number, onChange: () => void = () => {}) {
    this.capacity = capacity;
    this.#free = capacity;
    this.#onChange = onChange;
  }

  /** Slots in use plus waiting demand: the load the registry advertises. */
  get inFlight() {
    return this.capacity - this.#free + this.#queue.length;
  }

  async acquire(signal: AbortSignal): Promise<() => void> {
    if (this.#free > 0) {
      this.#free--;
      this.#onChange();
      return this.#releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const entry = () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => {
        this.#queue = this.#queue.filter((waiting) => waiting !== entry);
        this.#onChange();
        reject(signal.reason ?? new Error("aborted"));
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.#queue.push(entry);
      this.#onChange();
    });
    return this.#releaser();
  }

  #releaser() {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#queue.shift();
      // Hand the slot straight to the next waiter, so it never looks free in between.
      if (next) next();
      else this.#free++;
      this.#onChange();
    };
  }
}

/** Runs `work` in one of the node's slots. */
export async function withSlot<T>(slots: Slots, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  const release = await slots.acquire(signal);
  try {
    return await work();
  } finally {
    release();
  }
}
