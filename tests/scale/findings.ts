// What the scale test saw: counts of what went right, and every failure grouped by kind, so a
// run that meets 300 deadlocks prints one line with "× 300", not 300 lines.

type Group = { count: number; example: string };

export class Findings {
  private readonly failures = new Map<string, Group>();
  private readonly notes = new Map<string, Group>();
  private readonly counts = new Map<string, number>();

  /** Something the test requires did not hold. `kind` groups alike failures. */
  fail(kind: string, example = '') {
    add(this.failures, kind, example);
  }

  /** Worth reporting but allowed (a 409 out of stock, a POST lost with a killed instance). */
  note(kind: string, example = '') {
    add(this.notes, kind, example);
  }

  count(name: string, by = 1) {
    this.counts.set(name, (this.counts.get(name) ?? 0) + by);
  }

  get(name: string) {
    return this.counts.get(name) ?? 0;
  }

  get failed() {
    return this.failures.size > 0;
  }

  /** Runs `check` and records a throw as a failure of `kind`: one broken phase never hides the rest. */
  async guard(kind: string, check: () => Promise<void>) {
    try {
      await check();
    } catch (error) {
      this.fail(kind, error instanceof Error ? error.message : String(error));
    }
  }

  summary() {
    const lines = ['', '── Scale test summary ──'];
    for (const [name, n] of this.counts) lines.push(`  ${name}: ${n}`);
    if (this.notes.size > 0) lines.push('', 'Allowed, for information:', ...list(this.notes));
    lines.push('');
    if (this.failures.size === 0) {
      lines.push('PASSED: every check held.');
    } else {
      const total = [...this.failures.values()].reduce((a, g) => a + g.count, 0);
      lines.push(`FAILED: ${total} failure(s) of ${this.failures.size} kind(s):`);
      lines.push(...list(this.failures));
    }
    return lines.join('\n');
  }
}

function add(map: Map<string, Group>, kind: string, example: string) {
  const group = map.get(kind);
  if (group) group.count += 1;
  else map.set(kind, { count: 1, example });
}

function list(map: Map<string, Group>) {
  return [...map].map(
    ([kind, g]) => `  × ${g.count}  ${kind}${g.example ? `\n        e.g. ${g.example}` : ''}`,
  );
}
