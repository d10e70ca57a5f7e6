ALTER TABLE "sessions" ADD COLUMN "search_words" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "subject_words" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(string_to_array(coalesce(search_words, ''), ' '))) STORED;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "subject_search" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(string_to_array(coalesce(subject_words, ''), ' '))) STORED;--> statement-breakpoint
CREATE INDEX "sessions_search_idx" ON "sessions" USING gin ("search");--> statement-breakpoint
CREATE INDEX "sessions_subject_search_idx" ON "sessions" USING gin ("subject_search");