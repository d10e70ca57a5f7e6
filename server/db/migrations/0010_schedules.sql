ALTER TABLE "sessions" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "schedule_start" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_schedule_check" CHECK (("sessions"."schedule" is null) = ("sessions"."schedule_start" is null));