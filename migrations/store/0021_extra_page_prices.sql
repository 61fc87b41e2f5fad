-- Products of many pages (docs/decisions/0050-extra-pages-priced.md): a photo book's price includes its first inner
-- pages (contract/creator/pages.ts); each page past them costs the article's extra-page price, in the site's currency
-- (minor units). A cart line of a creator design keeps the inner pages of its printed version, counted by the product
-- API from the saved document; an order line keeps them and the extra pages it was charged for.
ALTER TABLE `articles` ADD `extra_page_price` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `articles` SET `extra_page_price` = CASE (SELECT `currency` FROM `sites` WHERE `slug` = `articles`.`site`)
  WHEN 'EUR' THEN 75 WHEN 'PLN' THEN 300 WHEN 'DKK' THEN 550 WHEN 'CZK' THEN 1900 ELSE 0 END
WHERE `kind` = 'photo-book';
--> statement-breakpoint
ALTER TABLE `cart_lines` ADD `inner_pages` integer;
--> statement-breakpoint
ALTER TABLE `order_lines` ADD `inner_pages` integer;
--> statement-breakpoint
ALTER TABLE `order_lines` ADD `extra_pages` integer DEFAULT 0 NOT NULL;
