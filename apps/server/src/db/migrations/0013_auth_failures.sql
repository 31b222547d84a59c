CREATE TABLE "auth_failures" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "auth_failures_pkey" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
-- Hand-written: the three lockout tables' rows move across, each under its scope, so running counts and
-- locks survive the upgrade.
INSERT INTO "auth_failures" ("scope", "key", "failures", "last_failure_at", "locked_until")
SELECT 'player-password', "email_key", "failures", "last_failure_at", "locked_until" FROM "login_failures";--> statement-breakpoint
INSERT INTO "auth_failures" ("scope", "key", "failures", "last_failure_at", "locked_until")
SELECT 'admin-password', "email", "failures", "last_failure_at", "locked_until" FROM "admin_login_failures";--> statement-breakpoint
INSERT INTO "auth_failures" ("scope", "key", "failures", "last_failure_at", "locked_until")
SELECT 'pin', "subject_key", "failures", "last_failure_at", "locked_until" FROM "pin_failures";--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
DROP TABLE "admin_login_failures" CASCADE;--> statement-breakpoint
DROP TABLE "pin_failures" CASCADE;
