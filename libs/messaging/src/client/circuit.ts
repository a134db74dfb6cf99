/** When a circuit opens, and for how long. */
export interface CircuitPolicy {
  /** Consecutive unanswered requests (timeouts, no responders) that open it. */
  failuresToOpen: number;
  /** How long it refuses everything before letting one trial request through. */
  openForMs: number;
}

export const DEFAULT_CIRCUIT_POLICY: CircuitPolicy = { failuresToOpen: 5, openForMs: 3_000 };

/** What a caller refused while the trial request is out is told to wait. */
const TRIAL_WAIT_MS = 1_000;

/**
 * A circuit breaker for one destination, so that callers of a service that has stopped answering
 * hear so at once instead of each waiting out its deadline. Closed, every request passes; after
 * `failuresToOpen` consecutive unanswered ones it opens and refuses every request for `openForMs`;
 * then it is half-open: one trial passes (the others are refused), an answer to it closes the
 * circuit and its failure opens it again. Any answer counts, a service's error included: the
 * circuit is about whether the destination answers, not about what it says.
 */
export class Circuit {
  private consecutiveFailures = 0;
  /** Set while open or half-open: until when it refuses everything. */
  private openUntil: number | undefined;
  private trialOut = false;

  constructor(
    private readonly policy: CircuitPolicy = DEFAULT_CIRCUIT_POLICY,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * 0 when a request may pass now (when half-open, it becomes the trial); otherwise the
   * milliseconds after which one may.
   */
  admit(): number {
    if (this.openUntil === undefined) return 0;
    const remainingMs = this.openUntil - this.now();
    if (remainingMs > 0) return remainingMs;
    if (this.trialOut) return TRIAL_WAIT_MS;
    this.trialOut = true;
    return 0;
  }

  recordAnswered(): void {
    this.consecutiveFailures = 0;
    this.openUntil = undefined;
    this.trialOut = false;
  }

  /** A request went unanswered; one that was refused by the circuit is not recorded at all. */
  recordUnanswered(): void {
    this.consecutiveFailures += 1;
    const open = this.openUntil !== undefined;
    if (open || this.consecutiveFailures >= this.policy.failuresToOpen) {
      this.openUntil = this.now() + this.policy.openForMs;
      this.trialOut = false;
    }
  }

  /** A request ended without telling whether the destination answers (the connection dropped). */
  recordInconclusive(): void {
    this.trialOut = false;
  }
}

/** The circuits of a process, one per destination, made on first use. */
export class Circuits {
  private readonly byDestination = new Map<string, Circuit>();

  constructor(
    private readonly policy: CircuitPolicy = DEFAULT_CIRCUIT_POLICY,
    private readonly now: () => number = () => Date.now(),
  ) {}

  of(destination: string): Circuit {
    let circuit = this.byDestination.get(destination);
    if (!circuit) {
      circuit = new Circuit(this.policy, this.now);
      this.byDestination.set(destination, circuit);
    }
    return circuit;
  }
}
