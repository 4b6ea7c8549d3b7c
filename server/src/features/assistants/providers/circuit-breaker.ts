/**
 * A circuit breaker for a remote endpoint: closed while it works; after a failure it opens for
 * `cooldownMs`, during which calls are not made at all (the caller uses its fallback); then one
 * call is let through (half-open): success closes it, failure opens it for another cool-down.
 * So a dead endpoint costs one timeout per cool-down, not one per request.
 */
export class CircuitBreaker {
  private openUntil = 0;
  private probing = false;

  constructor(
    private readonly cooldownMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a call may go out now. While half-open only the first caller gets through. */
  allows(): boolean {
    if (this.openUntil === 0) return true;
    if (this.now() < this.openUntil || this.probing) return false;
    this.probing = true;
    return true;
  }

  succeeded(): void {
    this.openUntil = 0;
    this.probing = false;
  }

  /** Records a failure; true when this opened (or reopened) the circuit. */
  failed(): boolean {
    this.probing = false;
    if (this.cooldownMs <= 0) return false;
    this.openUntil = this.now() + this.cooldownMs;
    return true;
  }
}
