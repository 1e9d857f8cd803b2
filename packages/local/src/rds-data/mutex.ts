/** A FIFO lock: `acquire` resolves with a release function once every earlier holder has released. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.tail.then(() => {
      let released = false;
      return () => {
        // Releasing twice must not let a later holder run alongside the next one.
        if (released) return;
        released = true;
        release();
      };
    });
    this.tail = this.tail.then(() => held);
    return ready;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}
