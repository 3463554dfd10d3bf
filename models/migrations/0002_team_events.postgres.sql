-- Step 2 (PostgreSQL): team events (issue 25), the table that AutoMigrate
-- made for teamEventRow on main after c666a44, in its words. IF NOT
-- EXISTS: a database that a build of that time migrated has it already.
CREATE TABLE IF NOT EXISTS "team_events" ("id" varchar(36),"school_id" varchar(36) NOT NULL,"name" varchar(100) NOT NULL,"game" varchar(16) NOT NULL,"format" varchar(24) NOT NULL,"system" varchar(32) NOT NULL DEFAULT '',"rounds" bigint NOT NULL,"boards" bigint NOT NULL,"games_per_board" bigint NOT NULL,"ruleset" varchar(8) NOT NULL DEFAULT '',"class_ids" varchar(1200) NOT NULL,"linked" varchar(36) NOT NULL DEFAULT '',"doc" text NOT NULL,"version" bigint NOT NULL,"created_by" varchar(36) NOT NULL,"created_at" timestamptz,"updated_at" timestamptz,PRIMARY KEY ("id"));
--;
CREATE INDEX IF NOT EXISTS "idx_team_events_school_id" ON "team_events" ("school_id");
