CREATE TABLE `article_texts` (
	`article_id` integer NOT NULL,
	`locale` text NOT NULL,
	`name` text NOT NULL,
	`name_plural` text NOT NULL,
	`description` text NOT NULL,
	PRIMARY KEY(`article_id`, `locale`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `articles` (
	`id` integer PRIMARY KEY NOT NULL,
	`site` text NOT NULL,
	`slug` text NOT NULL,
	`price` integer NOT NULL,
	`image` text NOT NULL,
	`collection` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `sites` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`country` text NOT NULL,
	`currency` text NOT NULL,
	`decimals` integer NOT NULL,
	`default_locale` text NOT NULL
);
