DROP INDEX `orders_customer_id`;--> statement-breakpoint
CREATE INDEX `orders_customer_site_created` ON `orders` (`customer_id`,`site`,`created_at`);