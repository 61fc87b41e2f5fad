CREATE TABLE `article_options` (
	`id` integer PRIMARY KEY NOT NULL,
	`article_id` integer NOT NULL,
	`group_code` text NOT NULL,
	`code` text NOT NULL,
	`price_delta` integer DEFAULT 0 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `article_tags` (
	`article_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`article_id`, `tag_id`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `article_tiers` (
	`article_id` integer NOT NULL,
	`min_quantity` integer NOT NULL,
	`discount_percent` integer NOT NULL,
	PRIMARY KEY(`article_id`, `min_quantity`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `banner_texts` (
	`banner_id` integer NOT NULL,
	`locale` text NOT NULL,
	`title` text NOT NULL,
	`subtitle` text NOT NULL,
	`cta` text NOT NULL,
	PRIMARY KEY(`banner_id`, `locale`),
	FOREIGN KEY (`banner_id`) REFERENCES `banners`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `banners` (
	`id` integer PRIMARY KEY NOT NULL,
	`site` text NOT NULL,
	`key` text NOT NULL,
	`link` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`image` text NOT NULL,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`site` text NOT NULL,
	`key` text NOT NULL,
	`list_mode` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `category_articles` (
	`category_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`category_id`, `article_id`),
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `category_texts` (
	`category_id` integer NOT NULL,
	`locale` text NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`body` text NOT NULL,
	PRIMARY KEY(`category_id`, `locale`),
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `design_texts` (
	`design_id` text NOT NULL,
	`locale` text NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	PRIMARY KEY(`design_id`, `locale`),
	FOREIGN KEY (`design_id`) REFERENCES `designs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `designs` (
	`id` text PRIMARY KEY NOT NULL,
	`site` text NOT NULL,
	`article_id` integer NOT NULL,
	`theme` text NOT NULL,
	`scope` text NOT NULL,
	`popularity` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`image` text NOT NULL,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`site` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`body_text` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `help_categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`icon` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `help_category_texts` (
	`category_id` integer NOT NULL,
	`locale` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	PRIMARY KEY(`category_id`, `locale`),
	FOREIGN KEY (`category_id`) REFERENCES `help_categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `help_feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic_id` integer NOT NULL,
	`helpful` integer NOT NULL,
	`ext_session_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`topic_id`) REFERENCES `help_topics`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `help_topic_texts` (
	`topic_id` integer NOT NULL,
	`locale` text NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	PRIMARY KEY(`topic_id`, `locale`),
	FOREIGN KEY (`topic_id`) REFERENCES `help_topics`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `help_topics` (
	`id` integer PRIMARY KEY NOT NULL,
	`category_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `help_categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `media` (
	`id` integer PRIMARY KEY NOT NULL,
	`owner_kind` text NOT NULL,
	`owner_id` text NOT NULL,
	`media_type` text NOT NULL,
	`url` text NOT NULL,
	`format` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `newsletter_subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`site` text NOT NULL,
	`email` text NOT NULL,
	`locale` text NOT NULL,
	`status` text NOT NULL,
	`confirm_token` text NOT NULL,
	`created_at` text NOT NULL,
	`confirmed_at` text,
	`unsubscribed_at` text,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `offer_articles` (
	`offer_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	PRIMARY KEY(`offer_id`, `article_id`),
	FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `offer_texts` (
	`offer_id` integer NOT NULL,
	`locale` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`conditions` text NOT NULL,
	PRIMARY KEY(`offer_id`, `locale`),
	FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `offers` (
	`id` integer PRIMARY KEY NOT NULL,
	`site` text NOT NULL,
	`code` text NOT NULL,
	`discount_percent` integer NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`min_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `pages` (
	`site` text NOT NULL,
	`key` text NOT NULL,
	`locale` text NOT NULL,
	`title` text NOT NULL,
	`intro` text NOT NULL,
	`sections` text NOT NULL,
	PRIMARY KEY(`site`, `key`, `locale`),
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY NOT NULL,
	`site` text NOT NULL,
	`article_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`author` text NOT NULL,
	`locale` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text NOT NULL,
	`answer` text,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `tag_texts` (
	`tag_id` integer NOT NULL,
	`locale` text NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	PRIMARY KEY(`tag_id`, `locale`),
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY NOT NULL,
	`site` text NOT NULL,
	`key` text NOT NULL,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `articles` ADD `kind` text DEFAULT 'photo-prints' NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `popularity` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `created_at` text DEFAULT '2026-01-01' NOT NULL;