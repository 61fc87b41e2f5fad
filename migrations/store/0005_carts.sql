CREATE TABLE `cart_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cart_id` text NOT NULL,
	`article_id` integer NOT NULL,
	`options` text NOT NULL,
	`quantity` integer NOT NULL,
	`design_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `carts` (
	`id` text PRIMARY KEY NOT NULL,
	`site` text NOT NULL,
	`ext_session_id` text NOT NULL,
	`customer_id` text,
	`promotion_code` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action
);
