CREATE TABLE "session_meetings" (
	"session_id" text NOT NULL,
	"start" timestamp (3) with time zone NOT NULL,
	"end" timestamp (3) with time zone NOT NULL,
	"original_start" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "session_meetings_pkey" PRIMARY KEY("session_id","original_start"),
	CONSTRAINT "session_meetings_window_check" CHECK ("session_meetings"."end" >= "session_meetings"."start")
);
--> statement-breakpoint
DROP INDEX "notifications_reminder_once_key";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "meeting_start" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "schedule_start" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "session_meetings" ADD CONSTRAINT "session_meetings_session_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_meetings_start_idx" ON "session_meetings" USING btree ("start","session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_reminder_once_key" ON "notifications" USING btree ("booking_id","kind","reminder_lead",coalesce("meeting_start", 'epoch')) WHERE kind = 'class-reminder';--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_schedule_check" CHECK (("sessions"."schedule" is null) = ("sessions"."schedule_start" is null));