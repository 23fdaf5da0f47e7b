CREATE TABLE "order_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_claim_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "guest_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_key" text;--> statement-breakpoint
ALTER TABLE "order_access_tokens" ADD CONSTRAINT "order_access_tokens_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_claim_tokens" ADD CONSTRAINT "order_claim_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_access_tokens_order_idx" ON "order_access_tokens" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_claim_tokens_user_idx" ON "order_claim_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "carts_guest_updated_idx" ON "carts" USING btree ("updated_at") WHERE "carts"."guest_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree (lower("guest_email")) WHERE "orders"."guest_email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_pending_per_guest" ON "orders" USING btree ("guest_key") WHERE "orders"."payment_status" = 'pending' and "orders"."guest_key" is not null;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_guest_key_key" UNIQUE("guest_key");--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_one_owner" CHECK (("carts"."user_id" is null) <> ("carts"."guest_key" is null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_owner_check" CHECK ("orders"."user_id" is not null or ("orders"."guest_email" is not null and "orders"."guest_key" is not null));