-- Step 2 (SQLite): team events (issue 25), the table that AutoMigrate made
-- for teamEventRow on main after c666a44, in its words. IF NOT EXISTS: a
-- database that a build of that time migrated has it already.
CREATE TABLE IF NOT EXISTS `team_events` (`id` text,`school_id` text NOT NULL,`name` text NOT NULL,`game` text NOT NULL,`format` text NOT NULL,`system` text NOT NULL DEFAULT "",`rounds` integer NOT NULL,`boards` integer NOT NULL,`games_per_board` integer NOT NULL,`ruleset` text NOT NULL DEFAULT "",`class_ids` text NOT NULL,`linked` text NOT NULL DEFAULT "",`doc` text NOT NULL,`version` integer NOT NULL,`created_by` text NOT NULL,`created_at` datetime,`updated_at` datetime,PRIMARY KEY (`id`));
--;
CREATE INDEX IF NOT EXISTS `idx_team_events_school_id` ON `team_events`(`school_id`);
