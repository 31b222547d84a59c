CREATE TABLE "activity_counts" (
	"game" text NOT NULL,
	"metric" text NOT NULL,
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"retained" integer DEFAULT 0 NOT NULL,
	"first_time" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_counts_pkey" PRIMARY KEY("game","metric","period","period_start")
);
--> statement-breakpoint
CREATE TABLE "activity_first_seen" (
	"game" text NOT NULL,
	"metric" text NOT NULL,
	"user_id" uuid NOT NULL,
	"first_day" date NOT NULL,
	CONSTRAINT "activity_first_seen_pkey" PRIMARY KEY("game","metric","user_id")
);
--> statement-breakpoint
CREATE TABLE "activity_sets" (
	"game" text NOT NULL,
	"metric" text NOT NULL,
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "activity_sets_pkey" PRIMARY KEY("game","metric","period","period_start","user_id")
);
--> statement-breakpoint
CREATE TABLE "ccu_daily_peaks" (
	"game" text NOT NULL,
	"day" date NOT NULL,
	"peak" integer NOT NULL,
	CONSTRAINT "ccu_daily_peaks_pkey" PRIMARY KEY("game","day")
);
--> statement-breakpoint
CREATE TABLE "ccu_slots" (
	"game" text NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "ccu_slots_pkey" PRIMARY KEY("game","slot_start")
);
--> statement-breakpoint
CREATE TABLE "daily_downloads" (
	"game" text NOT NULL,
	"day" date NOT NULL,
	"downloads" integer NOT NULL,
	CONSTRAINT "daily_downloads_pkey" PRIMARY KEY("game","day")
);
--> statement-breakpoint
CREATE TABLE "daily_item_sales" (
	"game" text NOT NULL,
	"day" date NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	CONSTRAINT "daily_item_sales_pkey" PRIMARY KEY("game","day","sku")
);
--> statement-breakpoint
CREATE TABLE "daily_referral_registrations" (
	"game" text NOT NULL,
	"day" date NOT NULL,
	"referral_code" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "daily_referral_registrations_pkey" PRIMARY KEY("game","day","referral_code")
);
--> statement-breakpoint
CREATE TABLE "daily_registration_ages" (
	"game" text NOT NULL,
	"day" date NOT NULL,
	"age" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "daily_registration_ages_pkey" PRIMARY KEY("game","day","age")
);
--> statement-breakpoint
CREATE TABLE "daily_registration_countries" (
	"game" text NOT NULL,
	"day" date NOT NULL,
	"country" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "daily_registration_countries_pkey" PRIMARY KEY("game","day","country")
);
--> statement-breakpoint
CREATE TABLE "daily_registrations" (
	"game" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "daily_registrations_pkey" PRIMARY KEY("game","day")
);
--> statement-breakpoint
CREATE TABLE "daily_sales" (
	"game" text NOT NULL,
	"day" date NOT NULL,
	"store_type" text NOT NULL,
	"orders" integer NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	CONSTRAINT "daily_sales_pkey" PRIMARY KEY("game","day","store_type")
);
--> statement-breakpoint
CREATE TABLE "rollup_watermarks" (
	"name" text PRIMARY KEY NOT NULL,
	"value" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_recorded" (
	"order_id" text PRIMARY KEY NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_events" (
	"game" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"user_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"level" integer,
	"count" integer,
	"client_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_events_pkey" PRIMARY KEY("game","event_id")
);
--> statement-breakpoint
CREATE TABLE "game_server_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game" text NOT NULL,
	"label" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "game_server_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE INDEX "game_events_game_type_at_idx" ON "game_events" USING btree ("game","type","occurred_at");--> statement-breakpoint
CREATE INDEX "game_server_keys_game_idx" ON "game_server_keys" USING btree ("game");