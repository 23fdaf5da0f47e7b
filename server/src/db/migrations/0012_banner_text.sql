ALTER TABLE "feature_images" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "feature_images" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "feature_images" ADD COLUMN "button_label" text;--> statement-breakpoint
ALTER TABLE "feature_images" ADD COLUMN "link" text;