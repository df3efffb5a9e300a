CREATE TABLE "payment_exports" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payment_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_bank_id" bigint NOT NULL,
	"account_number" text NOT NULL,
	"message_id" text NOT NULL,
	"file_name" text NOT NULL,
	"xml" text NOT NULL,
	"payment_count" integer NOT NULL,
	"total_ore" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_exports_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_user_banks" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_bank_id" bigint NOT NULL,
	"verified_by" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "payment_user_banks_company_id_user_id_company_bank_id_pk" PRIMARY KEY("company_id","user_id","company_bank_id")
);
--> statement-breakpoint
CREATE TABLE "payment_users" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payment_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"is_allow_payments" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_users_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" text NOT NULL,
	"voucher_id" bigint,
	"type" integer NOT NULL,
	"source" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"bank_status" text,
	"bank_status_reason" text,
	"bank_status_text" text,
	"debtor_company_bank_id" bigint,
	"debtor_account_number" text,
	"creditor_name" text NOT NULL,
	"creditor_account" text NOT NULL,
	"creditor_company_bank_id" bigint,
	"creditor_bic" text,
	"creditor_country" text,
	"creditor_address" text,
	"creditor_post_code" text,
	"creditor_town" text,
	"amount_ore" bigint NOT NULL,
	"currency" text DEFAULT 'NOK' NOT NULL,
	"due_date" date NOT NULL,
	"kid" text,
	"message" text,
	"charge_bearer" text,
	"reason_code" text,
	"reason_text" text,
	"end_to_end_id" text NOT NULL,
	"basket_uuid" text,
	"export_id" bigint,
	"paid_at" timestamp with time zone,
	"paid_transaction_id" bigint,
	"paid_reason" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status_code" integer,
	"reply" jsonb,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_exports_message_unique" ON "payment_exports" USING btree ("company_id","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_users_user_unique" ON "payment_users" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_uuid_unique" ON "payments" USING btree ("company_id","uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_end_to_end_unique" ON "payments" USING btree ("company_id","end_to_end_id");--> statement-breakpoint
CREATE INDEX "payments_list_idx" ON "payments" USING btree ("company_id","type","status","due_date","id");--> statement-breakpoint
CREATE INDEX "payments_voucher_idx" ON "payments" USING btree ("company_id","voucher_id") WHERE "payments"."voucher_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_duplicate_idx" ON "payments" USING btree ("company_id","creditor_account","amount_ore");