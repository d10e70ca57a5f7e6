CREATE TABLE "bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"student_email" text NOT NULL,
	"tutor_email" text NOT NULL,
	"status" text NOT NULL,
	"booked_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "bookings_student_session_key" UNIQUE("student_email","session_id"),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"material_id" text NOT NULL,
	"session_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "files_type_length" CHECK (char_length("files"."type") <= 255),
	CONSTRAINT "files_name_length" CHECK (char_length("files"."name") <= 255)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"status" integer,
	"body" text,
	"headers" jsonb,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_state_check" CHECK ("idempotency_keys"."state" in ('running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"tutor_email" text NOT NULL,
	"status" text NOT NULL,
	"file_url" text NOT NULL,
	"file_name" text,
	"file_type" text,
	"file_size" integer,
	"image" text,
	"link" text,
	"drive_link" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"file_id" text,
	CONSTRAINT "materials_status_check" CHECK ("materials"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "materials_file_size_check" CHECK ("materials"."file_size" >= 0),
	CONSTRAINT "materials_title_length" CHECK (char_length("materials"."title") <= 150),
	CONSTRAINT "materials_description_length" CHECK (char_length("materials"."description") <= 2000),
	CONSTRAINT "materials_file_url_length" CHECK (char_length("materials"."file_url") <= 2048),
	CONSTRAINT "materials_file_name_length" CHECK (char_length("materials"."file_name") <= 255),
	CONSTRAINT "materials_file_type_length" CHECK (char_length("materials"."file_type") <= 255),
	CONSTRAINT "materials_image_length" CHECK (char_length("materials"."image") <= 2048),
	CONSTRAINT "materials_link_length" CHECK (char_length("materials"."link") <= 2048),
	CONSTRAINT "materials_drive_link_length" CHECK (char_length("materials"."drive_link") <= 2048)
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone,
	CONSTRAINT "notes_title_length" CHECK (char_length("notes"."title") <= 150),
	CONSTRAINT "notes_description_length" CHECK (char_length("notes"."description") <= 20000)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"student_email" text NOT NULL,
	"student_name" text NOT NULL,
	"comment" text NOT NULL,
	"rating" double precision,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "reviews_session_student_key" UNIQUE("session_id","student_email"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_student_name_length" CHECK (char_length("reviews"."student_name") <= 100),
	CONSTRAINT "reviews_comment_length" CHECK (char_length("reviews"."comment") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"registration_start" timestamp (3) with time zone NOT NULL,
	"registration_end" timestamp (3) with time zone NOT NULL,
	"class_start" timestamp (3) with time zone NOT NULL,
	"class_end" timestamp (3) with time zone NOT NULL,
	"duration" double precision NOT NULL,
	"registration_fee" double precision NOT NULL,
	"tutor_name" text NOT NULL,
	"tutor_email" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "sessions_status_check" CHECK ("sessions"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "sessions_duration_check" CHECK ("sessions"."duration" >= 1),
	CONSTRAINT "sessions_registration_fee_check" CHECK ("sessions"."registration_fee" >= 0),
	CONSTRAINT "sessions_registration_window_check" CHECK ("sessions"."registration_end" >= "sessions"."registration_start"),
	CONSTRAINT "sessions_class_window_check" CHECK ("sessions"."class_end" >= "sessions"."class_start"),
	CONSTRAINT "sessions_title_length" CHECK (char_length("sessions"."title") between 1 and 150),
	CONSTRAINT "sessions_subject_length" CHECK (char_length("sessions"."subject") between 1 and 80),
	CONSTRAINT "sessions_description_length" CHECK (char_length("sessions"."description") <= 5000),
	CONSTRAINT "sessions_tutor_name_length" CHECK (char_length("sessions"."tutor_name") <= 100)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"photo" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"last_log_in" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "users_email_key" UNIQUE("email"),
	CONSTRAINT "users_uid_key" UNIQUE("uid"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('student', 'tutor', 'admin')),
	CONSTRAINT "users_name_length" CHECK (char_length("users"."name") <= 100),
	CONSTRAINT "users_email_length" CHECK (char_length("users"."email") <= 254),
	CONSTRAINT "users_photo_length" CHECK (char_length("users"."photo") <= 2048)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_student_email_fk" FOREIGN KEY ("student_email") REFERENCES "public"."users"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tutor_email_fk" FOREIGN KEY ("tutor_email") REFERENCES "public"."users"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_material_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_tutor_email_fk" FOREIGN KEY ("tutor_email") REFERENCES "public"."users"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_email_fk" FOREIGN KEY ("email") REFERENCES "public"."users"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_student_email_fk" FOREIGN KEY ("student_email") REFERENCES "public"."users"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_tutor_email_fk" FOREIGN KEY ("tutor_email") REFERENCES "public"."users"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_booked_at_idx" ON "bookings" USING btree ("booked_at","id");--> statement-breakpoint
CREATE INDEX "bookings_status_booked_at_idx" ON "bookings" USING btree ("status","booked_at","id");--> statement-breakpoint
CREATE INDEX "bookings_session_id_idx" ON "bookings" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "bookings_student_email_booked_at_idx" ON "bookings" USING btree ("student_email","booked_at");--> statement-breakpoint
CREATE INDEX "bookings_tutor_email_booked_at_idx" ON "bookings" USING btree ("tutor_email","booked_at");--> statement-breakpoint
CREATE INDEX "files_material_id_idx" ON "files" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "files_session_id_idx" ON "files" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "materials_created_at_idx" ON "materials" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "materials_status_created_at_idx" ON "materials" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "materials_session_id_idx" ON "materials" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "materials_tutor_email_created_at_idx" ON "materials" USING btree ("tutor_email","created_at");--> statement-breakpoint
CREATE INDEX "notes_email_created_at_idx" ON "notes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "reviews_created_at_idx" ON "reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_student_email_idx" ON "reviews" USING btree ("student_email");--> statement-breakpoint
CREATE INDEX "sessions_created_at_idx" ON "sessions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sessions_status_created_at_idx" ON "sessions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "sessions_tutor_email_created_at_idx" ON "sessions" USING btree ("tutor_email","created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");