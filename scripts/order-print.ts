// npm run order:print -- <PUBLIC_ID> <LINE> [--out <file.pdf>] [--server <URL>]   downloads an order line's print file
// npm run order:print -- <PUBLIC_ID> <LINE> --status                              says how it stands (made, failed: why)
// npm run order:print -- <PUBLIC_ID> <LINE> --remake                              has it made again, then says how it stands
//
// The print files of ordered creator designs are kept by the print-files worker in R2 (docs/decisions/0048), reached
// through the running storefront's operator door (/api/operator/prints/...) with this machine's API_TOKEN (.dev.vars).
// A print file is one PDF of every printed page: one page for a poster or a mug, the cover and then each inner page for
// a photo book, the cover and then the twelve months (their grids as text) for a calendar; --status gives its pages.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const USAGE = `Usage:
  npm run order:print -- <PUBLIC_ID> <LINE>                  save line LINE's print file (1 for the first line) as <PUBLIC_ID>-<LINE>.pdf
  npm run order:print -- <PUBLIC_ID> <LINE> --out <file>     save it as <file>
  npm run order:print -- <PUBLIC_ID> <LINE> --status         show whether it was made, or why it failed
  npm run order:print -- <PUBLIC_ID> <LINE> --remake         make it again (a photo fixed, the printer asks again), then show it

Through the running storefront (npm start) at http://127.0.0.1:8787 (PORT, or --server <URL>).`;

function parseArgs(argv: string[]) {
  const take = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv.splice(at, 2)[1] : undefined;
  };
  const server = take("--server") ?? `http://127.0.0.1:${process.env.PORT ?? "8787"}`;
  const out = take("--out");
  const flag = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 && argv.splice(at, 1).length > 0;
  };
  const status = flag("--status");
  const remake = flag("--remake");
  const [order, line] = argv;
  if (!order || !/^[A-Za-z0-9_-]{1,64}$/.test(order) || !line || !/^\d{1,3}$/.test(line)) throw new Error(USAGE);
  return { server: server.replace(/\/+$/, ""), out: out ?? `${order}-${line}.pdf`, status, remake, order, line };
}

async function main() {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const token = existsSync(".dev.vars")
    ? /^API_TOKEN=(.+)$/m.exec(readFileSync(".dev.vars", "utf8"))?.[1]?.trim()
    : undefined;
  if (!token) {
    console.error(".dev.vars has no API_TOKEN: run `npm start` first.");
    process.exit(1);
  }
  const base = `/api/operator/prints/${options.order}/${options.line}`;
  const call = async (path: string, method = "GET") => {
    const response = await fetch(`${options.server}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(120_000),
    }).catch((error: Error) => {
      console.error(`Nothing answers at ${options.server} (${error.message}): run \`npm start\` first.`);
      process.exit(1);
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
      console.error(`Refused (HTTP ${response.status}): ${body.error?.message ?? "no message"}`);
      process.exit(1);
    }
    return response;
  };
  if (options.remake) {
    await call(`${base}/remake`, "POST");
    console.error("Queued to be made again; waiting for the print-files worker...");
    console.log(JSON.stringify(await settled(() => call(`${base}/status`)), null, 2));
    return;
  }
  const path = `${base}${options.status ? "/status" : ""}`;
  const response = await call(path);
  if (options.status) {
    console.log(JSON.stringify(await response.json(), null, 2));
    return;
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  writeFileSync(options.out, bytes);
  // Its page count from its status: the PDF's pages are the design's printed pages, the cover first.
  const status = (await fetch(`${options.server}${path}/status`, { headers: { authorization: `Bearer ${token}` } })
    .then((answer) => (answer.ok ? answer.json() : null))
    .catch(() => null)) as { pages?: number } | null;
  const pages = status?.pages ? `, ${status.pages} page${status.pages === 1 ? "" : "s"}` : "";
  console.log(`${options.out}: ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB${pages}`);
}

/** The line's status once it is no longer queued (made, or failed and why), or as it stands after two minutes. */
async function settled(read: () => Promise<Response>) {
  const until = Date.now() + 120_000;
  for (;;) {
    const status = (await (await read()).json()) as { state?: string };
    if (status.state !== "queued" || Date.now() > until) return status;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

await main();
