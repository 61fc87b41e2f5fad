// The run's PASS and FAIL lines and their counts.

export let passed = 0;
export let failed = 0;

export function record(ok: boolean, name: string, detail = "") {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "PASS" : "FAIL"}  ${name}${detail ? `  — ${detail}` : ""}`);
}

/** Runs one check; an exception or a returned string (the failure reason) fails it. */
export async function check(name: string, fn: () => Promise<string | void> | string | void): Promise<boolean> {
  try {
    const problem = await fn();
    record(!problem, name, problem || "");
    return !problem;
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    record(false, name, message);
    return false;
  }
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
