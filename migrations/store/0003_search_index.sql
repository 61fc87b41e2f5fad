-- Full-text search over the catalogue in each locale: case and accents folded (unicode61, remove_diacritics 2).
-- Rows are written by the catalogue seed and by whatever changes the catalogue; ref is "{kind}:{id}".
CREATE VIRTUAL TABLE IF NOT EXISTS `search_index` USING fts5(
	`site` UNINDEXED,
	`locale` UNINDEXED,
	`kind` UNINDEXED,
	`ref` UNINDEXED,
	`name`,
	`tags`,
	`description`,
	tokenize = 'unicode61 remove_diacritics 2'
);
