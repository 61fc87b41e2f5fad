CREATE TABLE `content_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`site` text NOT NULL,
	`page_kind` text NOT NULL,
	`position` integer NOT NULL,
	`resource_kind` text NOT NULL,
	`ref` text NOT NULL,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `content_blocks_site_page` ON `content_blocks` (`site`,`page_kind`,`position`);--> statement-breakpoint
-- The seeded blocks of every site (docs/decisions/0039): picked from its own catalogue, so each brand's selection shows.
INSERT INTO `content_blocks` (`site`, `page_kind`, `position`, `resource_kind`, `ref`)
SELECT site, '404', 10 + rank, 'RESOURCE', 'category:' || key FROM (
  SELECT site, key, ROW_NUMBER() OVER (PARTITION BY site ORDER BY position, id) AS rank FROM categories
) WHERE rank <= 3;
--> statement-breakpoint
INSERT INTO `content_blocks` (`site`, `page_kind`, `position`, `resource_kind`, `ref`)
SELECT a.site, k.kind, 20 + a.rank, 'ARTICLE', CAST(a.id AS TEXT) FROM (
  SELECT site, id, ROW_NUMBER() OVER (PARTITION BY site ORDER BY popularity DESC, id) AS rank FROM articles
) a JOIN (WITH k(kind) AS (VALUES ('404'), ('SEARCH_PAGE'), ('CART')) SELECT kind FROM k) k WHERE a.rank <= 4;
--> statement-breakpoint
INSERT INTO `content_blocks` (`site`, `page_kind`, `position`, `resource_kind`, `ref`)
SELECT site, 'SEARCH_PAGE', 10 + rank, 'RESOURCE', 'tag:' || key FROM (
  SELECT g.site, g.key, ROW_NUMBER() OVER (PARTITION BY g.site ORDER BY (SELECT COUNT(*) FROM article_tags j WHERE j.tag_id = g.id) DESC, g.id) AS rank
  FROM tags g
) WHERE rank <= 3;
--> statement-breakpoint
INSERT INTO `content_blocks` (`site`, `page_kind`, `position`, `resource_kind`, `ref`)
WITH t(kind, position, topic) AS (VALUES
  ('404', 31, '33'), ('404', 32, '40'),
  ('SEARCH_PAGE', 31, '90'), ('SEARCH_PAGE', 32, '23'),
  ('CART', 11, '25'), ('CART', 12, '5'), ('CART', 13, '27'), ('CART', 14, '34')
)
SELECT s.slug, t.kind, t.position, 'TAB', t.topic FROM sites s JOIN t;
