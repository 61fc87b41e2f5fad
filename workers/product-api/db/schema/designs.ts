import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { DESIGN_KINDS } from "@contract/api/enums";
import { sites } from "./sites";
import { articles } from "./catalogue";

// Designs, their saved versions (and print files) and their texts.

export const designs = sqliteTable(
  "designs",
  {
    id: text("id").primaryKey(),
    /**
     * CATALOGUE (the shop's own, `d-…` ids), SAVED (an account's, without a document) or CREATOR (made in the creator,
     * `cd_…` ids, versioned): queries tell them apart by this, never by the id's shape. Inserts name it.
     */
    kind: text("kind", { enum: DESIGN_KINDS }).notNull().default("SAVED"),
    site: text("site")
      .notNull()
      .references(() => sites.slug),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id),
    theme: text("theme").notNull(),
    /** GROUP_APPLICATIONS, APPLICATION or PRIVATE. */
    scope: text("scope").notNull(),
    popularity: integer("popularity").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    image: text("image").notNull(),
    /**
     * The account that saved it (null for the shop's own designs); GROUP_APPLICATIONS designs are shared with its
     * group.
     */
    accountId: text("account_id"),
    /** A creator design made by a guest: the storefront session that owns it until sign-in moves it to the account. */
    extSessionId: text("ext_session_id"),
    /** A creator design's own name (the shop's designs are named per language in design_texts). */
    name: text("name"),
    /** A creator design's current version (design_versions holds every one). */
    version: integer("version"),
    /** The latest version whose print file was recorded (what goes to the cart), if any. */
    printedVersion: integer("printed_version"),
  },
  (table) => [index("designs_account_id").on(table.accountId), index("designs_ext_session_id").on(table.extSessionId)],
);

/** Every saved version of a creator design, and the print file recorded for a version before it went to the cart. */
export const designVersions = sqliteTable(
  "design_versions",
  {
    designId: text("design_id")
      .notNull()
      .references(() => designs.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** The design document (contract/creator/document.ts), JSON. */
    document: text("document").notNull(),
    savedAt: text("saved_at").notNull(),
    printUpload: text("print_upload"),
    previewUpload: text("preview_upload"),
    printWidth: integer("print_width"),
    printHeight: integer("print_height"),
    printDpi: integer("print_dpi"),
    /** The quality checks recomputed when the print file was recorded, JSON. */
    printChecks: text("print_checks"),
    printedAt: text("printed_at"),
  },
  (table) => [primaryKey({ columns: [table.designId, table.version] })],
);

export const designTexts = sqliteTable(
  "design_texts",
  {
    designId: text("design_id")
      .notNull()
      .references(() => designs.id),
    locale: text("locale").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
  },
  (table) => [primaryKey({ columns: [table.designId, table.locale] })],
);
