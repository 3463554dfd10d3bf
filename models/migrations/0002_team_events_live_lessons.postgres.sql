-- Step 2 (PostgreSQL): the tables that AutoMigrate made on main after c666a44
-- and before versioned migrations, in its words: team events (issue 25) and
-- live lessons with their answers (issue 27). IF NOT EXISTS: a database a
-- build of that time migrated has them already, and keeps them.
CREATE TABLE IF NOT EXISTS "team_events" ("id" varchar(36),"school_id" varchar(36) NOT NULL,"name" varchar(100) NOT NULL,"game" varchar(16) NOT NULL,"format" varchar(24) NOT NULL,"system" varchar(32) NOT NULL DEFAULT '',"rounds" bigint NOT NULL,"boards" bigint NOT NULL,"games_per_board" bigint NOT NULL,"ruleset" varchar(8) NOT NULL DEFAULT '',"class_ids" varchar(1200) NOT NULL,"linked" varchar(36) NOT NULL DEFAULT '',"arena_draw" varchar(16) NOT NULL DEFAULT '',"doc" text NOT NULL,"version" bigint NOT NULL,"created_by" varchar(36) NOT NULL,"created_at" timestamptz,"updated_at" timestamptz,PRIMARY KEY ("id"));
--;
CREATE INDEX IF NOT EXISTS "idx_team_events_school_id" ON "team_events" ("school_id");
--;
CREATE TABLE IF NOT EXISTS "live_lessons" ("id" varchar(36),"school_id" varchar(36) NOT NULL,"class_id" varchar(36) NOT NULL,"teacher_id" varchar(36) NOT NULL,"title" varchar(800) NOT NULL DEFAULT '',"items" text NOT NULL,"options" text NOT NULL,"status" varchar(16) NOT NULL,"current_index" bigint NOT NULL,"copied_from" varchar(36) NOT NULL DEFAULT '',"deadline" timestamptz,"version" bigint NOT NULL,"created_at" timestamptz,"updated_at" timestamptz,PRIMARY KEY ("id"));
--;
CREATE INDEX IF NOT EXISTS "idx_live_lessons_deadline" ON "live_lessons" ("deadline");
--;
CREATE INDEX IF NOT EXISTS "idx_live_lessons_status" ON "live_lessons" ("status");
--;
CREATE INDEX IF NOT EXISTS "idx_live_lessons_teacher_id" ON "live_lessons" ("teacher_id");
--;
CREATE INDEX IF NOT EXISTS "idx_live_lessons_class_id" ON "live_lessons" ("class_id");
--;
CREATE INDEX IF NOT EXISTS "idx_live_lessons_school_id" ON "live_lessons" ("school_id");
--;
CREATE TABLE IF NOT EXISTS "live_lesson_answers" ("lesson_id" varchar(36),"idx" bigint,"user_id" varchar(36),"school_id" varchar(36) NOT NULL,"exercise_id" varchar(36) NOT NULL,"attempt_id" varchar(36) NOT NULL,"answer" text NOT NULL,"outcome" varchar(16) NOT NULL,"score" decimal NOT NULL,"feedback_zh" text NOT NULL DEFAULT '',"feedback_en" text NOT NULL DEFAULT '',"time_ms" bigint NOT NULL DEFAULT 0,"created_at" timestamptz,PRIMARY KEY ("lesson_id","idx","user_id"));
