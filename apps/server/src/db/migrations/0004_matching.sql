CREATE TABLE "match_models" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"model" jsonb NOT NULL,
	"pairs" integer NOT NULL,
	"confirmed" integer NOT NULL,
	"rejected" integer NOT NULL,
	"trained_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_rules" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "match_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"scope" text NOT NULL,
	"name" text NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"hit_count" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_rules_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "match_suggestions" (
	"company_id" integer NOT NULL,
	"bank_transaction_id" bigint NOT NULL,
	"voucher_id" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"is_undone" boolean DEFAULT false NOT NULL,
	"score" real NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rank" integer DEFAULT 1 NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_suggestions_company_id_bank_transaction_id_voucher_id_pk" PRIMARY KEY("company_id","bank_transaction_id","voucher_id")
);
--> statement-breakpoint
CREATE TABLE "transaction_vouchers" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "transaction_vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bank_transaction_id" bigint NOT NULL,
	"voucher_id" bigint NOT NULL,
	"source" text NOT NULL,
	"score" real,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rule_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_vouchers_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "bank_import_jobs" ADD COLUMN "matched" jsonb;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD COLUMN "labels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "match_suggestions_open_idx" ON "match_suggestions" USING btree ("company_id","bank_transaction_id") WHERE "match_suggestions"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_vouchers_pair_unique" ON "transaction_vouchers" USING btree ("company_id","bank_transaction_id","voucher_id");--> statement-breakpoint
CREATE INDEX "transaction_vouchers_voucher_idx" ON "transaction_vouchers" USING btree ("company_id","voucher_id");--> statement-breakpoint
CREATE INDEX "bank_transactions_status_idx" ON "bank_transactions" USING btree ("company_id","status","booking_date");