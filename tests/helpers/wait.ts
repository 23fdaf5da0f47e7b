/** Polls `check` until it holds (up to ~1 s): for what another instance learns by NOTIFY. */
export async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 50; i += 1) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/** PostgreSQL delivers NOTIFY asynchronously: lets a write's notification arrive first. */
export const settle = () => new Promise((r) => setTimeout(r, 300));
