/**
 * `Server-Timing` for the import routes: each step's wall time (ms) in the answer's header, so a
 * slow import shows where its time went (browser dev tools and bench/import.ts read it).
 */
export class StepTimes {
  private last = performance.now();
  private readonly steps: string[] = [];

  /** Ends the current step under `name` and starts the next one. */
  mark(name: string): void {
    const now = performance.now();
    this.steps.push(`${name};dur=${(now - this.last).toFixed(1)}`);
    this.last = now;
  }

  /** The header's value: `read;dur=12.3, candidates;dur=4.0, ...`. */
  toString(): string {
    return this.steps.join(', ');
  }
}
