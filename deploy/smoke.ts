// npm run smoke -- <base-url> [--brand SLUG] [--header "Name: value"] [--timeout-ms N]: a read-only visit of every
// brand the base URL reaches (home, a category, a product, search, a throwaway cart, login, sitemap, robots.txt,
// security headers, the build's id), a line per check and one summary line. Exit 0: all passed; 1: a check failed;
// 2: bad usage. After a deploy, and in the browser journeys' run (tests/e2e/smoke.ts) against the local build.
import { parseArgs } from "node:util";
import { DEFAULT_TIMEOUT_MS, runSmoke } from "./smoke/run.ts";
import { UsageError } from "./smoke/targets.ts";

export { runSmoke, type SmokeOptions, type SmokeReport } from "./smoke/run.ts";

const USAGE =
  'usage: npm run smoke -- <base-url> [--brand SLUG[,SLUG]]... [--header "Name: value"]... [--timeout-ms N]';

function usageFailure(message: string): never {
  console.error(`smoke: ${message}\n${USAGE}`);
  process.exit(2);
}

function headersOf(lines: string[]) {
  return Object.fromEntries(
    lines.map((line) => {
      const at = line.indexOf(":");
      const name = line.slice(0, at).trim();
      if (at <= 0 || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/i.test(name)) usageFailure(`not a header "Name: value": ${line}`);
      return [name, line.slice(at + 1).trim()];
    }),
  );
}

async function main() {
  const parse = () =>
    parseArgs({
      allowPositionals: true,
      options: {
        brand: { type: "string", multiple: true, default: [] },
        header: { type: "string", multiple: true, default: [] },
        "timeout-ms": { type: "string", default: String(DEFAULT_TIMEOUT_MS) },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    return usageFailure(error instanceof Error ? error.message : String(error));
  }
  const { positionals, values } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1)
    usageFailure(positionals.length ? `one base URL, not ${positionals.length}` : "the base URL is missing");
  const timeoutMs = Number(values["timeout-ms"]);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    usageFailure(`--timeout-ms must be a positive whole number, not ${values["timeout-ms"]}`);
  try {
    const report = await runSmoke(positionals[0]!, {
      brands: values.brand.flatMap((slugs) => slugs.split(",")).filter(Boolean),
      headers: headersOf(values.header),
      timeoutMs,
      log: (line) => console.log(line),
    });
    return report.passed ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError) usageFailure(error.message);
    throw error;
  }
}

if (import.meta.main) process.exit(await main());
