CREATE TABLE `cart_checkouts` (
	`cart_id` text PRIMARY KEY NOT NULL,
	`contact` text,
	`address` text,
	`shipment` text,
	`payment` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`status_code` integer,
	`shipment_status` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`name` text NOT NULL,
	`name_plural` text NOT NULL,
	`slug` text NOT NULL,
	`image` text NOT NULL,
	`options` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`total` integer NOT NULL,
	`design_id` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`site` text NOT NULL,
	`cart_id` text NOT NULL,
	`ext_session_id` text NOT NULL,
	`customer_id` text,
	`locale` text NOT NULL,
	`email` text NOT NULL,
	`contact` text NOT NULL,
	`address` text NOT NULL,
	`shipment` text NOT NULL,
	`payment_method` text NOT NULL,
	`payment_type` text NOT NULL,
	`payment_status` text NOT NULL,
	`status_code` integer NOT NULL,
	`shipment_status` text,
	`tracking_reference` text,
	`currency` text NOT NULL,
	`subtotal` integer NOT NULL,
	`discount` integer NOT NULL,
	`shipping` integer NOT NULL,
	`vat` integer NOT NULL,
	`total` integer NOT NULL,
	`promotion_code` text,
	`created_at` text NOT NULL,
	`paid_at` text,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_public_id_unique` ON `orders` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_key_unique` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_cart_id` ON `orders` (`cart_id`);--> statement-breakpoint
CREATE INDEX `orders_customer_id` ON `orders` (`customer_id`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`event_id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`type` text NOT NULL,
	`received_at` text NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`provider` text NOT NULL,
	`method` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `pickup_points` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`carrier` text NOT NULL,
	`country` text NOT NULL,
	`name` text NOT NULL,
	`street` text NOT NULL,
	`postcode` text NOT NULL,
	`city` text NOT NULL,
	`postcode_number` integer NOT NULL,
	`latitude_e6` integer NOT NULL,
	`longitude_e6` integer NOT NULL,
	`opening_hours` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pickup_points_country_kind` ON `pickup_points` (`country`,`kind`,`postcode_number`);--> statement-breakpoint
CREATE TABLE `user_required_actions` (
	`public_id` text PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`type` text NOT NULL,
	`answer` text,
	`created_at` text NOT NULL,
	`resolved_at` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `carts` ADD `closed_at` text;--> statement-breakpoint
CREATE INDEX `carts_customer_id` ON `carts` (`customer_id`);