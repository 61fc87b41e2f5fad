CREATE TABLE `affiliate_conversions` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`site` text NOT NULL,
	`network` text NOT NULL,
	`affiliate_id` integer,
	`awc` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`reference` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`reported_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `affiliate_conversions_status` ON `affiliate_conversions` (`status`);--> statement-breakpoint
CREATE TABLE `affiliate_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`site` text NOT NULL,
	`affiliate_id` integer NOT NULL,
	`device_footprint` text NOT NULL,
	`domain` text NOT NULL,
	`url` text NOT NULL,
	`ip` text NOT NULL,
	`campaign` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `affiliate_hits_affiliate` ON `affiliate_hits` (`affiliate_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `affiliates` (
	`id` integer PRIMARY KEY NOT NULL,
	`site` text NOT NULL,
	`name` text NOT NULL,
	`master_id` text,
	`commission_rate` real NOT NULL,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`master_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `order_attribution` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`affiliate_id` integer,
	`awc` text,
	`channel` text NOT NULL,
	`source` text,
	`medium` text,
	`campaign` text,
	`landing_page` text,
	`referrer` text,
	`touched_at` text,
	`utm` text DEFAULT '{}' NOT NULL,
	`click_ids` text DEFAULT '{}' NOT NULL,
	`first_channel` text,
	`first_source` text,
	`first_medium` text,
	`first_campaign` text,
	`first_landing_page` text,
	`first_touched_at` text,
	`consent_ads` integer NOT NULL,
	`consent_analytics` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_attribution_channel` ON `order_attribution` (`channel`);--> statement-breakpoint
CREATE INDEX `order_attribution_affiliate` ON `order_attribution` (`affiliate_id`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `roles` text DEFAULT '[]' NOT NULL;