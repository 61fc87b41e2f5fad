import { expect } from "vitest";
import type { DesignDocument, LegacyDocument } from "@contract/creator/document";
import { testEnv } from "@test-setup/app";
import { as, mugDocument, type Visitor } from "@test-setup/creator-designs";
import { callApi as call, withQuery } from "@test-setup/product-api";

// The product API's calls on creator designs, for the tests of workers/product-api/designs: read, list, save.

export const read = (who: Visitor, id: string) => call(withQuery(`/creator/designs/${id}`, as(who)));
export const listOf = async (who: Visitor) =>
  ((await call(withQuery("/creator/designs", as(who)))).body.items as { id: string; name: string }[]).map(
    (item) => item.id,
  );
export const versionsOf = async (id: string) =>
  (
    await testEnv.STORE_DB.prepare("SELECT version FROM design_versions WHERE design_id = ? ORDER BY version")
      .bind(id)
      .all<{ version: number }>()
  ).results.map((row) => row.version);
export const save = (
  who: Visitor,
  id: string,
  baseVersion: number,
  document: DesignDocument | LegacyDocument = mugDocument("sharp", "Otra frase"),
  extra: Record<string, string> = {},
) =>
  call(
    `/creator/designs/${id}`,
    as(who, { document: JSON.stringify(document), base_version: String(baseVersion), ...extra }),
  );
export const expect4xx = (status: number, what: string) => {
  expect(status, what).toBeGreaterThanOrEqual(400);
  expect(status, what).toBeLessThan(500);
};
