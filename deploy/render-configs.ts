// npm run deploy:configs: writes each worker's staging and production sections into its wrangler.jsonc from
// deploy/environments.ts and the ids in deploy/resource-ids.json. `npm test` fails while a config differs from it.
import { readFileSync, writeFileSync } from "node:fs";
import { readResourceIds, renderedConfig, WORKERS } from "./configs.ts";

const ids = readResourceIds();
for (const worker of WORKERS) {
  const next = renderedConfig(worker, ids);
  if (next === readFileSync(worker.config, "utf8")) continue;
  writeFileSync(worker.config, next);
  console.log(`wrote ${worker.config}`);
}
