-- The designs table holds three kinds of design, told apart until now by the shape of their id (docs/decisions/0044):
-- the shop's own (`d-…`), those made in the creator (`cd_…`), and those an account saved (any other id). The kind is
-- a column from here on; queries read it, never the id.
ALTER TABLE `designs` ADD `kind` text DEFAULT 'SAVED' NOT NULL;
--> statement-breakpoint
UPDATE `designs` SET `kind` = CASE
  WHEN `id` LIKE 'cd\_%' ESCAPE '\' THEN 'CREATOR'
  WHEN `id` LIKE 'd-%' AND `account_id` IS NULL AND `ext_session_id` IS NULL THEN 'CATALOGUE'
  ELSE 'SAVED'
END;
