ALTER TABLE "access_tokens" ADD COLUMN "step_up_until" timestamp with time zone;
