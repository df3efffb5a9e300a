CREATE TABLE "bank_consent_accounts" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bank_consent_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"consent_id" bigint NOT NULL,
	"resource_id" text NOT NULL,
	"iban" text,
	"bban" text,
	"company_bank_id" bigint,
	"name" text,
	"currency" text DEFAULT 'NOK' NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"last_sync_at" timestamp with time zone,
	"synced_through" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_consent_accounts_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "bank_consent_events" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bank_consent_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"consent_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"is_error" boolean DEFAULT false NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_consent_events_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "bank_consents" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bank_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bank_id" integer NOT NULL,
	"bank_group" text NOT NULL,
	"provider_consent_id" text NOT NULL,
	"authorisation_id" text,
	"instruction_id" text NOT NULL,
	"status" text NOT NULL,
	"valid_until" date,
	"frequency_per_day" integer NOT NULL,
	"requested_accounts" text[] NOT NULL,
	"callback_path" text,
	"renews_consent_id" bigint,
	"expiry_notices_sent" integer[] DEFAULT '{}' NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"created_by" integer,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_consents_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "company_onboardings" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "company_onboardings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider_onboarding_id" text NOT NULL,
	"status" text NOT NULL,
	"sign_url" text,
	"started_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_onboardings_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_consent_accounts_resource_unique" ON "bank_consent_accounts" USING btree ("company_id","consent_id","resource_id");--> statement-breakpoint
CREATE INDEX "bank_consent_accounts_company_bank_idx" ON "bank_consent_accounts" USING btree ("company_id","company_bank_id");--> statement-breakpoint
CREATE INDEX "bank_consent_events_consent_idx" ON "bank_consent_events" USING btree ("company_id","consent_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_consents_instruction_unique" ON "bank_consents" USING btree ("company_id","instruction_id");--> statement-breakpoint
CREATE INDEX "bank_consents_instruction_idx" ON "bank_consents" USING btree ("instruction_id");--> statement-breakpoint
CREATE INDEX "bank_consents_status_idx" ON "bank_consents" USING btree ("status","valid_until");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("company_id","user_id","created_at");