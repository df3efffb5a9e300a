CREATE TABLE "bank_balances" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bank_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_bank_id" bigint NOT NULL,
	"import_id" bigint,
	"balance_date" date NOT NULL,
	"balance_type" text NOT NULL,
	"amount_ore" bigint NOT NULL,
	"currency" text DEFAULT 'NOK' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_balances_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "bank_import_jobs" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bank_import_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_bank_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"format" text NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"layout" jsonb NOT NULL,
	"processed_bytes" bigint DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"error" text,
	"import_id" bigint,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_import_jobs_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "bank_imports" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bank_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_bank_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"format" text NOT NULL,
	"template" text,
	"storage_key" text,
	"imported" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"refused" integer NOT NULL,
	"from_date" date,
	"to_date" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_imports_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bank_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_bank_id" bigint NOT NULL,
	"import_id" bigint,
	"booking_date" date NOT NULL,
	"value_date" date,
	"text" text DEFAULT '' NOT NULL,
	"text2" text DEFAULT '' NOT NULL,
	"amount_ore" bigint NOT NULL,
	"currency" text DEFAULT 'NOK' NOT NULL,
	"kid" text,
	"end_to_end_id" text,
	"counterparty_name" text,
	"counterparty_account" text,
	"fingerprint" text NOT NULL,
	"occurrence" integer DEFAULT 1 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"payment_status" integer,
	"payment_date" date,
	"is_private" boolean DEFAULT false NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transactions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bic" text NOT NULL,
	"bank_group" text DEFAULT 'other' NOT NULL,
	"prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"auto_import_template" text,
	"is_auto_import" boolean DEFAULT false NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_banks" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "company_banks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_number" text NOT NULL,
	"name" text,
	"currency" text DEFAULT 'NOK' NOT NULL,
	"bank_id" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"sorting" integer DEFAULT 0 NOT NULL,
	"service_start_date" date,
	"service_end_date" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_banks_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_balances_unique" ON "bank_balances" USING btree ("company_id","company_bank_id","balance_date","balance_type","source");--> statement-breakpoint
CREATE INDEX "bank_imports_bank_idx" ON "bank_imports" USING btree ("company_id","company_bank_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_fingerprint_unique" ON "bank_transactions" USING btree ("company_id","company_bank_id","fingerprint","occurrence");--> statement-breakpoint
CREATE INDEX "bank_transactions_company_date_idx" ON "bank_transactions" USING btree ("company_id","booking_date");--> statement-breakpoint
CREATE INDEX "bank_transactions_import_idx" ON "bank_transactions" USING btree ("company_id","import_id");--> statement-breakpoint
CREATE UNIQUE INDEX "banks_bic_unique" ON "banks" USING btree ("bic");--> statement-breakpoint
CREATE UNIQUE INDEX "company_banks_account_unique" ON "company_banks" USING btree ("company_id","account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "company_banks_one_default" ON "company_banks" USING btree ("company_id") WHERE "company_banks"."is_default";--> statement-breakpoint
-- The bank registry: each bank's BIC and the bank registration numbers (the first four digits of its
-- account numbers) it is known to use. Administrators keep it current from the admin screens.
INSERT INTO "banks" ("name", "bic", "bank_group", "prefixes", "auto_import_template", "is_auto_import") VALUES
  ('DNB Bank', 'DNBANOKK', 'dnb', ARRAY(SELECT lpad(g::text, 4, '0') FROM generate_series(1200, 1209) g) || ARRAY['1503', '1506', '1594', '1602', '1644', '1645', '7032', '7058', '7874'], 'dnb', true),
  ('Nordea Bank Abp, filial i Norge', 'NDEANOKK', 'nordea', ARRAY(SELECT lpad(g::text, 4, '0') FROM generate_series(6000, 6099) g), NULL, false),
  ('Danske Bank', 'DABANO22', 'danske', ARRAY(SELECT lpad(g::text, 4, '0') FROM generate_series(8100, 8199) g), NULL, false),
  ('Handelsbanken', 'HANDNOKK', 'handelsbanken', ARRAY(SELECT lpad(g::text, 4, '0') FROM generate_series(9000, 9099) g), NULL, false),
  ('SpareBank 1 SR-Bank', 'SPSONO22', 'sparebank1', ARRAY(SELECT lpad(g::text, 4, '0') FROM generate_series(3200, 3299) g), 'sparebank1', true),
  ('SpareBank 1 SMN', 'SPTRNO22', 'sparebank1', ARRAY(SELECT lpad(g::text, 4, '0') FROM generate_series(4200, 4299) g), 'sparebank1', true),
  ('SpareBank 1 Nord-Norge', 'SNOWNO22', 'sparebank1', ARRAY(SELECT lpad(g::text, 4, '0') FROM generate_series(4500, 4599) g), 'nordnorge', true),
  ('Sparebanken Vest', 'SPAVNOBB', 'other', ARRAY(SELECT lpad(g::text, 4, '0') FROM generate_series(3600, 3699) g), NULL, false),
  ('Sbanken', 'SBAKNOBB', 'other', ARRAY['9710', '9711', '9712', '9713', '9714', '9715'], NULL, false);
