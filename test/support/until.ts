/**
 * Waits for what happens after an answer (a subscription's batch, a sender's delivery): `check`
 * is asked every 25 ms until it gives something, which is returned; past `ms`, the test fails
 * naming `what`.
 */
export async function until<T>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await check();
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
