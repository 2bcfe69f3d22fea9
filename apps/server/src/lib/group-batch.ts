/**
 * Many callers' lookups or writes as one statement (a group commit): a call made while no batch
 * is in flight waits for the end of the current tick, collecting the calls of that tick; a
 * call made while `concurrency` batches are in flight joins the next batch, which starts when
 * one of them ends. Under light load each call costs one round trip as before; in a storm (a
 * fleet's hellos after a broker restart) the batch grows to what arrived during one round trip,
 * so the statements per second stay flat while the calls per second grow.
 *
 * `run` answers one result per item, in the items' order. A failed batch rejects each of its
 * callers with the error; later batches go on.
 */
export class GroupBatch<I, R> {
  private queued: { item: I; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly run: (items: I[]) => Promise<R[]>,
    private readonly options: { maxItems?: number; concurrency?: number } = {},
  ) {}

  add(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queued.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.queued.length === 0 || this.inFlight >= (this.options.concurrency ?? 1)) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.start();
    });
  }

  private start(): void {
    if (this.queued.length === 0 || this.inFlight >= (this.options.concurrency ?? 1)) return;
    const batch = this.queued.splice(0, this.options.maxItems ?? 1000);
    this.inFlight += 1;
    void this.run(batch.map((entry) => entry.item))
      .then((results) => {
        if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${results.length}`);
        for (const [index, entry] of batch.entries()) entry.resolve(results[index]!);
      })
      .catch((error: unknown) => {
        for (const entry of batch) entry.reject(error);
      })
      .finally(() => {
        this.inFlight -= 1;
        this.schedule();
      });
    // Room for another batch at once (concurrency > 1) with calls still waiting.
    this.schedule();
  }
}
