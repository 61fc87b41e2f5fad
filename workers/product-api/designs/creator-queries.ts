import {
  CREATOR_DESIGN_NAME_MAX,
  printCheckSchema,
  type CreatorDesign,
  type CreatorDesignSummary,
  type PrintFile,
} from "@contract/api/creator-designs";
import { uploadPath } from "@contract/api/upload-previews";
import { designDocumentSchema, type DesignDocument } from "@contract/creator/document";
import { firstRow, rows, sql } from "../db/query";

/**
 * Creator designs (kind CREATOR, `cd_` ids) in the designs table: a guest's belong to its session (`ext_session_id`, no
 * account), a signed-in customer's to its account. Every save is a row of design_versions; the design points at its
 * current one and at the latest one whose print file was recorded.
 */

/** Who is asking: the session, and the customer when signed in. */
export type CreatorVisitor = { site: string; extSessionId: string; customerId: string | null };

/**
 * The designs a visitor owns: a signed-in customer its account's and, until sign-in has moved them, the session's;
 * a guest its session's. Anything else (another session's, another account's, the shop's own) is no design for them.
 */
export function ownedBy(visitor: CreatorVisitor) {
  const session = sql`(d.account_id IS NULL AND d.ext_session_id = ${visitor.extSessionId})`;
  const mine = visitor.customerId ? sql`(${session} OR d.account_id = ${visitor.customerId})` : session;
  return sql`d.site = ${visitor.site} AND d.kind = 'CREATOR' AND ${mine}`;
}

const now = () => new Date().toISOString();

/** `cd_` and 20 random letters and digits. */
export function newCreatorDesignId() {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  // 248 is the largest multiple of 62 below 256: no letter is likelier than another.
  const picked: string[] = [];
  while (picked.length < 20) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32)))
      if (byte < 248 && picked.length < 20) picked.push(alphabet[byte % 62]!);
  }
  return `cd_${picked.join("")}`;
}

type SummaryRow = Omit<CreatorDesignSummary, "preview"> & { preview: string | null };
type DesignRow = SummaryRow & {
  document: string;
  articleKind: string | null;
  printedVersion: number | null;
  printUpload: string | null;
  printWidth: number | null;
  printHeight: number | null;
  printDpi: number | null;
  printChecks: string | null;
  printedAt: string | null;
};

const summaryColumns = sql`d.id, d.name, d.article_id AS articleId, d.version, p.preview_upload AS preview, d.created_at AS createdAt, d.updated_at AS updatedAt`;
const printed = sql`LEFT JOIN design_versions p ON p.design_id = d.id AND p.version = d.printed_version`;

/** The visitor's designs on the site, last changed first. */
export function creatorDesignsOf(env: ProductApiEnv, visitor: CreatorVisitor, limit = 500) {
  return rows<SummaryRow>(
    env,
    sql`SELECT ${summaryColumns} FROM designs d ${printed} WHERE ${ownedBy(visitor)} ORDER BY d.updated_at DESC, d.id LIMIT ${limit}`,
  );
}

/** One of the visitor's designs with its current document and its latest print file, or undefined. */
export async function creatorDesignFor(
  env: ProductApiEnv,
  visitor: CreatorVisitor,
  id: string,
  version?: number,
): Promise<CreatorDesign | undefined> {
  const which = version ? sql`${version}` : sql`d.version`;
  const row = await firstRow<DesignRow>(
    env,
    sql`SELECT ${summaryColumns}, c.document, a.kind AS articleKind, d.printed_version AS printedVersion, p.print_upload AS printUpload,
      p.print_width AS printWidth, p.print_height AS printHeight, p.print_dpi AS printDpi, p.print_checks AS printChecks, p.printed_at AS printedAt
    FROM designs d JOIN design_versions c ON c.design_id = d.id AND c.version = ${which} ${printed}
    LEFT JOIN articles a ON a.id = d.article_id AND a.site = d.site
    WHERE d.id = ${id} AND ${ownedBy(visitor)}`,
  );
  if (!row) return undefined;
  const {
    document,
    printedVersion,
    printUpload,
    printWidth,
    printHeight,
    printDpi,
    printChecks,
    printedAt,
    ...summary
  } = row;
  const print: PrintFile | null =
    printedVersion && printChecks
      ? {
          version: printedVersion,
          upload: printUpload,
          width: printWidth,
          height: printHeight,
          dpi: printDpi!,
          checks: printCheckSchema.parse(JSON.parse(printChecks)),
          createdAt: printedAt!,
        }
      : null;
  return { ...summary, document: designDocumentSchema.parse(JSON.parse(document)), print };
}

/** The bare facts of one of the visitor's designs (to change it), or undefined. */
export function ownCreatorDesign(env: ProductApiEnv, visitor: CreatorVisitor, id: string) {
  return firstRow<{ id: string; name: string; articleId: number; version: number; accountId: string | null }>(
    env,
    sql`SELECT d.id, d.name,
    d.article_id AS articleId, d.version, d.account_id AS accountId FROM designs d WHERE d.id = ${id} AND ${ownedBy(visitor)}`,
  );
}

/**
 * The article's kind and picture when the site sells it, for a new design's template and its picture until a preview
 * exists.
 */
export function articleForDesign(env: ProductApiEnv, site: string, articleId: number) {
  return firstRow<{ kind: string; image: string }>(
    env,
    sql`SELECT kind, image FROM articles WHERE id = ${articleId} AND site = ${site}`,
  );
}

/** A new design at version 1, owned by the customer when signed in, else by the session. */
export async function insertCreatorDesign(
  env: ProductApiEnv,
  visitor: CreatorVisitor,
  design: { name: string; document: DesignDocument; image: string },
) {
  const id = newCreatorDesignId();
  const at = now();
  const db = env.STORE_DB;
  await db.batch([
    db
      .prepare(`INSERT INTO designs (id, kind, site, article_id, theme, scope, popularity, created_at, updated_at, image, account_id, ext_session_id, name, version)
      VALUES (?, 'CREATOR', ?, ?, 'creator', 'PRIVATE', 0, ?, ?, ?, ?, ?, ?, 1)`)
      .bind(
        id,
        visitor.site,
        design.document.articleId,
        at,
        at,
        design.image,
        visitor.customerId,
        visitor.extSessionId,
        design.name,
      ),
    db
      .prepare("INSERT INTO design_versions (design_id, version, document, saved_at) VALUES (?, 1, ?, ?)")
      .bind(id, JSON.stringify(design.document), at),
  ]);
  return { id, version: 1 };
}

/**
 * A save made from `baseVersion`: the next version, or null when another save came first (the browser's copy is
 * stale). One batch, so two saves from the same version cannot both land: the second finds the design moved on.
 */
export async function saveCreatorDesign(
  env: ProductApiEnv,
  id: string,
  baseVersion: number,
  document: DesignDocument,
  name?: string,
) {
  const at = now();
  const next = baseVersion + 1;
  const db = env.STORE_DB;
  const [, updated] = await db.batch([
    db
      .prepare(
        "INSERT INTO design_versions (design_id, version, document, saved_at) SELECT id, ?, ?, ? FROM designs WHERE id = ? AND version = ?",
      )
      .bind(next, JSON.stringify(document), at, id, baseVersion),
    db
      .prepare("UPDATE designs SET version = ?, name = COALESCE(?, name), updated_at = ? WHERE id = ? AND version = ?")
      .bind(next, name ?? null, at, id, baseVersion),
  ]);
  return updated!.meta.changes > 0 ? { id, version: next } : null;
}

export async function renameCreatorDesign(env: ProductApiEnv, id: string, name: string) {
  await rows(env, sql`UPDATE designs SET name = ${name}, updated_at = ${now()} WHERE id = ${id}`);
}

/** The copy's name: the original's, shortened so the suffix fits. */
export const copyName = (name: string, suffix: string) =>
  `${name.slice(0, CREATOR_DESIGN_NAME_MAX - suffix.length).trimEnd()}${suffix}`;

/** A copy of the design's current version, as a new design of the asking visitor at version 1 (no print file). */
export async function duplicateCreatorDesign(env: ProductApiEnv, visitor: CreatorVisitor, id: string, name: string) {
  const original = await firstRow<{ document: string; articleId: number; image: string }>(
    env,
    sql`SELECT c.document, d.article_id AS articleId, a.image
    FROM designs d JOIN design_versions c ON c.design_id = d.id AND c.version = d.version JOIN articles a ON a.id = d.article_id WHERE d.id = ${id}`,
  );
  if (!original) return null;
  return insertCreatorDesign(env, visitor, {
    name,
    document: designDocumentSchema.parse(JSON.parse(original.document)),
    image: original.image,
  });
}

/** A version's document, or undefined when the design has no such version. */
export async function versionDocument(env: ProductApiEnv, id: string, version: number) {
  const row = await firstRow<{ document: string }>(
    env,
    sql`SELECT document FROM design_versions WHERE design_id = ${id} AND version = ${version}`,
  );
  return row ? designDocumentSchema.parse(JSON.parse(row.document)) : undefined;
}

/**
 * Records a version's print file and checks; the design's picture becomes the preview when this is its newest printed
 * version (a print of an older version never hides a newer one's).
 */
export async function recordPrintFile(
  env: ProductApiEnv,
  id: string,
  print: Omit<PrintFile, "createdAt"> & { preview: string },
): Promise<PrintFile> {
  const at = now();
  const db = env.STORE_DB;
  await db.batch([
    db
      .prepare(`UPDATE design_versions SET print_upload = ?, preview_upload = ?, print_width = ?, print_height = ?, print_dpi = ?, print_checks = ?, printed_at = ?
      WHERE design_id = ? AND version = ?`)
      .bind(
        print.upload,
        print.preview,
        print.width,
        print.height,
        print.dpi,
        JSON.stringify(print.checks),
        at,
        id,
        print.version,
      ),
    db
      .prepare(
        `UPDATE designs SET printed_version = ?, image = ?, updated_at = ? WHERE id = ? AND COALESCE(printed_version, 0) <= ?`,
      )
      .bind(print.version, uploadPath(print.preview), at, id, print.version),
  ]);
  const { preview: _preview, ...file } = print;
  return { ...file, createdAt: at };
}

/** At sign-in: the session's designs on the site become the customer's. */
export async function adoptCreatorDesigns(env: ProductApiEnv, site: string, extSessionId: string, customerId: string) {
  const moved = await rows<{ id: string }>(
    env,
    sql`UPDATE designs SET account_id = ${customerId}
    WHERE site = ${site} AND ext_session_id = ${extSessionId} AND account_id IS NULL AND kind = 'CREATOR' RETURNING id`,
  );
  return moved.length;
}

/**
 * The version of a creator design a cart line may sell: the visitor's design, for this article, with a print record
 * (its checks passed); the latest such version, or `version` when it names one (buying an order's design again).
 * Null otherwise.
 */
export async function printedVersionFor(
  env: ProductApiEnv,
  visitor: CreatorVisitor,
  line: { designId: string; articleId: number; version?: number | null },
) {
  const which = line.version ? sql`${line.version}` : sql`d.printed_version`;
  const found = await firstRow<{ version: number }>(
    env,
    sql`SELECT v.version FROM designs d JOIN design_versions v ON v.design_id = d.id AND v.version = ${which}
    WHERE d.id = ${line.designId} AND d.article_id = ${line.articleId} AND v.printed_at IS NOT NULL AND ${ownedBy(visitor)}`,
  );
  return found?.version ?? null;
}
