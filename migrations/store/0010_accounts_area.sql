CREATE TABLE `commissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`site` text NOT NULL,
	`master_id` text NOT NULL,
	`order_id` integer NOT NULL,
	`source` text NOT NULL,
	`rate` real NOT NULL,
	`base` integer NOT NULL,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`master_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commissions_order_id_unique` ON `commissions` (`order_id`);--> statement-breakpoint
CREATE INDEX `commissions_master_id` ON `commissions` (`master_id`);--> statement-breakpoint
CREATE TABLE `invoice_counters` (
	`site` text NOT NULL,
	`year` integer NOT NULL,
	`last` integer NOT NULL,
	PRIMARY KEY(`site`, `year`)
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`site` text NOT NULL,
	`year` integer NOT NULL,
	`sequence` integer NOT NULL,
	`number` text NOT NULL,
	`order_id` integer NOT NULL,
	`account_id` text,
	`issued_at` text NOT NULL,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_order_id_unique` ON `invoices` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_site_year_sequence` ON `invoices` (`site`,`year`,`sequence`);--> statement-breakpoint
CREATE INDEX `invoices_account_id` ON `invoices` (`account_id`);--> statement-breakpoint
CREATE TABLE `master_configs` (
	`account_id` text PRIMARY KEY NOT NULL,
	`company_name` text NOT NULL,
	`tax_id` text,
	`phone` text,
	`address` text,
	`staff_permissions` text DEFAULT '["orders"]' NOT NULL,
	`staff_can_make_orders` integer DEFAULT true NOT NULL,
	`commission_rate` real DEFAULT 5 NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `password_resets` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `password_resets_account_id` ON `password_resets` (`account_id`);--> statement-breakpoint
CREATE TABLE `ticket_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`author` text NOT NULL,
	`author_account_id` text,
	`body` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ticket_messages_ticket_id` ON `ticket_messages` (`ticket_id`);--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`site` text NOT NULL,
	`account_id` text,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`locale` text NOT NULL,
	`order_public_id` text,
	`subject` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_public_id_unique` ON `tickets` (`public_id`);--> statement-breakpoint
CREATE INDEX `tickets_account_id` ON `tickets` (`account_id`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `status` text DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `birth_date` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `default_address` text;--> statement-breakpoint
CREATE INDEX `accounts_master_id` ON `accounts` (`master_id`);--> statement-breakpoint
ALTER TABLE `designs` ADD `account_id` text;--> statement-breakpoint
CREATE INDEX `designs_account_id` ON `designs` (`account_id`);