CREATE TABLE `account_identities` (
	`provider` text NOT NULL,
	`subject` text NOT NULL,
	`account_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`provider`, `subject`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`site` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`password_salt` text,
	`password_iterations` integer,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`customer_type` text DEFAULT 'PERSON' NOT NULL,
	`company_name` text,
	`tax_id` text,
	`kind` text DEFAULT 'customer' NOT NULL,
	`master_id` text,
	`permissions` text DEFAULT '["orders","tickets","invoices"]' NOT NULL,
	`can_make_orders` integer DEFAULT true NOT NULL,
	`locale` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`site`) REFERENCES `sites`(`slug`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_site_email` ON `accounts` (`site`,`email`);