ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "meeting_url" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "cancel_deadline_hours" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "cancelled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "moved_from_start" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "moved_from_end" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "moved_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "sessions_listed_status_created_at_idx" ON "sessions" USING btree ("status","created_at","id") WHERE cancelled_at is null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancel_reason_length" CHECK (char_length("bookings"."cancel_reason") <= 500);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('booking-approved', 'booking-rejected', 'booking-promoted', 'booking-cancelled', 'material-added', 'class-reminder', 'session-changed', 'session-moved', 'session-cancelled', 'session-approved', 'session-rejected', 'material-approved', 'material-rejected', 'booking-new', 'session-review', 'material-review'));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_location_length" CHECK (char_length("sessions"."location") <= 200);--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_meeting_url_length" CHECK (char_length("sessions"."meeting_url") <= 2048);--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_meeting_url_https" CHECK ("sessions"."meeting_url" like 'https://%');--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_cancel_deadline_hours_check" CHECK ("sessions"."cancel_deadline_hours" between 0 and 720);--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_cancel_reason_length" CHECK (char_length("sessions"."cancel_reason") <= 500);--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_cancelled_reason_check" CHECK (("sessions"."cancelled_at" is null) = ("sessions"."cancel_reason" is null));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_moved_check" CHECK (("sessions"."moved_at" is null) = ("sessions"."moved_from_start" is null));