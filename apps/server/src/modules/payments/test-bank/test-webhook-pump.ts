/**
 * Delivers the test provider's webhooks that are due now, in this process, right after they
 * are queued: what a provider's POST would be, without a job row per webhook (a job is three
 * writes, at hundreds of sales a second). A burst is delivered by one run; a webhook queued
 * while a run is under way makes it go round once more. Delayed webhooks still wait for
 * their time on the job runner.
 */
export class TestWebhookPump {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly deliver: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  soon(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run();
  }

  /** Resolves when nothing is being delivered (shutdown, tests). */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async run(): Promise<void> {
    // Lets the rest of the burst queue first.
    await new Promise((resolve) => setImmediate(resolve));
    for (;;) {
      this.again = false;
      try {
        await this.deliver();
      } catch (error) {
        this.onError(error);
      }
      // Checked in the same turn as it is cleared, so no webhook queued meanwhile is missed.
      if (!this.again) {
        this.running = null;
        return;
      }
    }
  }
}
