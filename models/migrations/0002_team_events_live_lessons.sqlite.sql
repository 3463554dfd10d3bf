-- Step 2 (SQLite): the tables that AutoMigrate made on main after c666a44
-- and before versioned migrations, in its words: team events (issue 25) and
-- live lessons with their answers (issue 27). IF NOT EXISTS: a database a
-- build of that time migrated has them already, and keeps them.
CREATE TABLE IF NOT EXISTS `team_events` (`id` text,`school_id` text NOT NULL,`name` text NOT NULL,`game` text NOT NULL,`format` text NOT NULL,`system` text NOT NULL DEFAULT "",`rounds` integer NOT NULL,`boards` integer NOT NULL,`games_per_board` integer NOT NULL,`ruleset` text NOT NULL DEFAULT "",`class_ids` text NOT NULL,`linked` text NOT NULL DEFAULT "",`arena_draw` text NOT NULL DEFAULT "",`doc` text NOT NULL,`version` integer NOT NULL,`created_by` text NOT NULL,`created_at` datetime,`updated_at` datetime,PRIMARY KEY (`id`));
--;
CREATE INDEX IF NOT EXISTS `idx_team_events_school_id` ON `team_events`(`school_id`);
--;
CREATE TABLE IF NOT EXISTS `live_lessons` (`id` text,`school_id` text NOT NULL,`class_id` text NOT NULL,`teacher_id` text NOT NULL,`title` text NOT NULL DEFAULT "",`items` text NOT NULL,`options` text NOT NULL,`status` text NOT NULL,`current_index` integer NOT NULL,`copied_from` text NOT NULL DEFAULT "",`deadline` datetime,`version` integer NOT NULL,`created_at` datetime,`updated_at` datetime,PRIMARY KEY (`id`));
--;
CREATE INDEX IF NOT EXISTS `idx_live_lessons_deadline` ON `live_lessons`(`deadline`);
--;
CREATE INDEX IF NOT EXISTS `idx_live_lessons_status` ON `live_lessons`(`status`);
--;
CREATE INDEX IF NOT EXISTS `idx_live_lessons_teacher_id` ON `live_lessons`(`teacher_id`);
--;
CREATE INDEX IF NOT EXISTS `idx_live_lessons_class_id` ON `live_lessons`(`class_id`);
--;
CREATE INDEX IF NOT EXISTS `idx_live_lessons_school_id` ON `live_lessons`(`school_id`);
--;
CREATE TABLE IF NOT EXISTS `live_lesson_answers` (`lesson_id` text,`idx` integer,`user_id` text,`school_id` text NOT NULL,`exercise_id` text NOT NULL,`attempt_id` text NOT NULL,`answer` text NOT NULL,`outcome` text NOT NULL,`score` real NOT NULL,`feedback_zh` text NOT NULL DEFAULT "",`feedback_en` text NOT NULL DEFAULT "",`time_ms` integer NOT NULL DEFAULT 0,`created_at` datetime,PRIMARY KEY (`lesson_id`,`idx`,`user_id`));
