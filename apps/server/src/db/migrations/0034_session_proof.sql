-- How the sign-in that opened a session was proved (decision 0063), which ADMIN_MFA=required reads;
-- null for sessions opened before.
ALTER TABLE "access_tokens" ADD COLUMN "signed_in_with" varchar(32);