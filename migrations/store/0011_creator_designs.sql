CREATE TABLE `design_versions` (
	`design_id` text NOT NULL,
	`version` integer NOT NULL,
	`document` text NOT NULL,
	`saved_at` text NOT NULL,
	`print_upload` text,
	`preview_upload` text,
	`print_width` integer,
	`print_height` integer,
	`print_dpi` integer,
	`print_checks` text,
	`printed_at` text,
	PRIMARY KEY(`design_id`, `version`),
	FOREIGN KEY (`design_id`) REFERENCES `designs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `cart_lines` ADD `design_version` integer;--> statement-breakpoint
ALTER TABLE `designs` ADD `ext_session_id` text;--> statement-breakpoint
ALTER TABLE `designs` ADD `name` text;--> statement-breakpoint
ALTER TABLE `designs` ADD `version` integer;--> statement-breakpoint
ALTER TABLE `designs` ADD `printed_version` integer;--> statement-breakpoint
CREATE INDEX `designs_ext_session_id` ON `designs` (`ext_session_id`);--> statement-breakpoint
ALTER TABLE `order_lines` ADD `design_version` integer;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `design_name` text;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `design_preview` text;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `design_print` text;