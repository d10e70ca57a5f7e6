ALTER TABLE "users" ADD COLUMN "credential_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signed_out_at" timestamp (3) with time zone;