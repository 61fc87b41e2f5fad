ALTER TABLE `orders` ADD `vat_rate` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_percent` integer;--> statement-breakpoint
-- Orders placed before these columns: the VAT of their site's country (contract/pricing/vat.ts), the promotion's percent from its offer.
UPDATE `orders` SET `vat_rate` = CASE (SELECT `country` FROM `sites` WHERE `sites`.`slug` = `orders`.`site`)
  WHEN 'PL' THEN 23 WHEN 'ES' THEN 21 WHEN 'IT' THEN 22 WHEN 'DK' THEN 25 WHEN 'FR' THEN 20 WHEN 'PT' THEN 23 WHEN 'CZ' THEN 21 ELSE `vat_rate` END;--> statement-breakpoint
UPDATE `orders` SET `discount_percent` = (SELECT `offers`.`discount_percent` FROM `offers`
  WHERE `offers`.`site` = `orders`.`site` AND UPPER(`offers`.`code`) = UPPER(`orders`.`promotion_code`))
WHERE `promotion_code` IS NOT NULL;
