CREATE TABLE "stored_files" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_type" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "missing_voucher_registrations" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "missing_voucher_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bank_transaction_id" bigint NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"note" text,
	"voucher_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missing_voucher_registrations_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "voucher_balances" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "voucher_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"voucher_id" bigint NOT NULL,
	"amount_ore" bigint NOT NULL,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_balances_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"voucher_date" date,
	"effective_date" date NOT NULL,
	"supplier_name" text,
	"amount_ore" bigint,
	"currency" text DEFAULT 'NOK' NOT NULL,
	"due_date" date,
	"kid" text,
	"account_number" text,
	"description" text,
	"source" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "vouchers_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("company_id","owner_type","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "missing_voucher_transaction_unique" ON "missing_voucher_registrations" USING btree ("company_id","bank_transaction_id");--> statement-breakpoint
CREATE INDEX "voucher_balances_voucher_idx" ON "voucher_balances" USING btree ("company_id","voucher_id");--> statement-breakpoint
CREATE INDEX "vouchers_company_date_idx" ON "vouchers" USING btree ("company_id","effective_date");--> statement-breakpoint
CREATE INDEX "vouchers_live_idx" ON "vouchers" USING btree ("company_id","id") WHERE "vouchers"."deleted_at" is null;