CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"recipient_email" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"booking_id" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"read_at" timestamp (3) with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('booking-approved', 'booking-rejected', 'booking-promoted', 'booking-cancelled', 'material-added', 'class-reminder', 'session-changed', 'session-approved', 'session-rejected', 'material-approved', 'material-rejected', 'booking-new', 'session-review', 'material-review'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"endpoint" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_email_fk" FOREIGN KEY ("recipient_email") REFERENCES "public"."users"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_email_fk" FOREIGN KEY ("email") REFERENCES "public"."users"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_reminder_once_key" ON "notifications" USING btree ("booking_id","kind") WHERE kind = 'class-reminder';--> statement-breakpoint
CREATE INDEX "notifications_recipient_created_at_idx" ON "notifications" USING btree ("recipient_email","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_recipient_unread_idx" ON "notifications" USING btree ("recipient_email") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "notifications_booking_id_idx" ON "notifications" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_email_idx" ON "push_subscriptions" USING btree ("email");