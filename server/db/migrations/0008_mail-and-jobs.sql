CREATE TABLE "deliveries" (
	"notification_id" text NOT NULL,
	"channel" text NOT NULL,
	"recipient_email" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"done_at" timestamp (3) with time zone,
	"last_error" text,
	CONSTRAINT "deliveries_pkey" PRIMARY KEY("notification_id","channel"),
	CONSTRAINT "deliveries_channel_check" CHECK ("deliveries"."channel" in ('push', 'email')),
	CONSTRAINT "deliveries_state_check" CHECK ("deliveries"."state" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"email" text PRIMARY KEY NOT NULL,
	"channels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reminder_leads" text[],
	"time_zone" text,
	CONSTRAINT "notification_preferences_reminder_leads_check" CHECK ("notification_preferences"."reminder_leads" <@ array['1h', '1d']::text[]),
	CONSTRAINT "notification_preferences_time_zone_length" CHECK (char_length("notification_preferences"."time_zone") <= 64)
);
--> statement-breakpoint
DROP INDEX "notifications_reminder_once_key";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reminder_lead" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_notification_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_email_fk" FOREIGN KEY ("email") REFERENCES "public"."users"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_channel_done_at_idx" ON "deliveries" USING btree ("channel","done_at");--> statement-breakpoint
CREATE INDEX "deliveries_queued_idx" ON "deliveries" USING btree ("created_at") WHERE state = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_reminder_once_key" ON "notifications" USING btree ("booking_id","kind","reminder_lead") WHERE kind = 'class-reminder';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_reminder_lead_check" CHECK ("notifications"."reminder_lead" in ('1h', '1d'));