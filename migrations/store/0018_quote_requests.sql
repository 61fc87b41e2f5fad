CREATE TABLE `ticket_quotes` (
	`ticket_id` integer PRIMARY KEY NOT NULL,
	`company` text NOT NULL,
	`phone` text,
	`products` text NOT NULL,
	`quantity` integer NOT NULL,
	`deadline` text NOT NULL,
	`arrangement` text NOT NULL,
	`quote_status` integer,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `tickets` ADD `kind` text DEFAULT 'SUPPORT' NOT NULL;