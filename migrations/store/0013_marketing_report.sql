CREATE INDEX `order_lines_order_id` ON `order_lines` (`order_id`);--> statement-breakpoint
CREATE INDEX `orders_site_created` ON `orders` (`site`,`created_at`);