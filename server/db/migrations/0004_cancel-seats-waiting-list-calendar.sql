CREATE TABLE "calendar_feeds" (
	"student_email" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "calendar_feeds_pkey" PRIMARY KEY("student_email"),
	CONSTRAINT "calendar_feeds_token_key" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_student_session_key";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "waitlist_seq" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promoted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_student_email_fk" FOREIGN KEY ("student_email") REFERENCES "public"."users"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_student_session_active_key" ON "bookings" USING btree ("student_email","session_id") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "bookings_session_status_seq_idx" ON "bookings" USING btree ("session_id","status","waitlist_seq");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_length" CHECK (char_length("bookings"."cancelled_by") <= 254);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'approved', 'rejected', 'waitlisted', 'cancelled'));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_seats_check" CHECK ("sessions"."seats" between 1 and 10000);