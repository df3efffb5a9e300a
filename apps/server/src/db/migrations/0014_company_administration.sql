CREATE SEQUENCE "public"."package_receipt_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "company_services" (
	"company_id" integer NOT NULL,
	"service" text NOT NULL,
	"is_on" boolean NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" integer,
	"bought_at" timestamp with time zone,
	"bought_by" integer,
	CONSTRAINT "company_services_company_id_service_pk" PRIMARY KEY("company_id","service")
);
--> statement-breakpoint
CREATE TABLE "company_division_accounts" (
	"company_id" integer NOT NULL,
	"company_bank_id" bigint NOT NULL,
	"division_id" bigint NOT NULL,
	CONSTRAINT "company_division_accounts_company_id_company_bank_id_pk" PRIMARY KEY("company_id","company_bank_id")
);
--> statement-breakpoint
CREATE TABLE "company_divisions" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "company_divisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"organisation_number" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_divisions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_invitations" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "user_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"invited_by_user_id" integer NOT NULL,
	"token_hash" text,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_invitations_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "package_purchases" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "package_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"package_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name_en" text NOT NULL,
	"name_no" text NOT NULL,
	"price_ore" bigint NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"currency" text NOT NULL,
	"quantity" integer NOT NULL,
	"months" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"request_key" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"card_payment_id" text,
	"failure_code" text,
	"failure_message" text,
	"failure_reason" text,
	"failed_at" timestamp with time zone,
	"last_event_id" text,
	"buyer_user_id" integer,
	"buyer_email" text,
	"paid_at" timestamp with time zone,
	"period_start" date,
	"period_end" date,
	"receipt_number" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_purchases_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name_en" text NOT NULL,
	"name_no" text NOT NULL,
	"description_en" text NOT NULL,
	"description_no" text NOT NULL,
	"price_ore" bigint NOT NULL,
	"vat_rate_percent" integer DEFAULT 25 NOT NULL,
	"currency" text DEFAULT 'NOK' NOT NULL,
	"quantity" integer NOT NULL,
	"months" integer NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"is_on_sale" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_sendings" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reminder_sendings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"slot" text NOT NULL,
	"recipient_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"content" jsonb NOT NULL,
	"covers_until" timestamp with time zone,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_sendings_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reminder_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"is_active" boolean DEFAULT true NOT NULL,
	"frequency" text NOT NULL,
	"weekday" integer DEFAULT 1 NOT NULL,
	"day_of_month" integer DEFAULT 1 NOT NULL,
	"hour" integer NOT NULL,
	"min_days_without_voucher" integer DEFAULT 0 NOT NULL,
	"recipient_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"in_force_since" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "voucher_alert_settings" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "voucher_alert_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"is_active" boolean DEFAULT true NOT NULL,
	"hour" integer NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"in_force_since" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_alert_settings_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "responsible_accountant_user_id" integer;--> statement-breakpoint
ALTER TABLE "company_division_accounts" ADD CONSTRAINT "company_division_accounts_division_fk" FOREIGN KEY ("company_id","division_id") REFERENCES "public"."company_divisions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_division_accounts" ADD CONSTRAINT "company_division_accounts_bank_fk" FOREIGN KEY ("company_id","company_bank_id") REFERENCES "public"."company_banks"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_divisions_organisation_unique" ON "company_divisions" USING btree ("company_id","organisation_number");--> statement-breakpoint
CREATE UNIQUE INDEX "company_divisions_name_unique" ON "company_divisions" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_invitations_token_unique" ON "user_invitations" USING btree ("company_id","token_hash");--> statement-breakpoint
CREATE INDEX "user_invitations_token_idx" ON "user_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_invitations_user_idx" ON "user_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_purchases_request_unique" ON "package_purchases" USING btree ("company_id","request_key");--> statement-breakpoint
CREATE INDEX "package_purchases_company_idx" ON "package_purchases" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "package_purchases_in_force_idx" ON "package_purchases" USING btree ("company_id","kind","period_end") WHERE "package_purchases"."status" = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_packages_code_unique" ON "payment_packages" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_sendings_slot_unique" ON "reminder_sendings" USING btree ("company_id","kind","slot");--> statement-breakpoint
CREATE INDEX "reminder_sendings_latest_idx" ON "reminder_sendings" USING btree ("company_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_settings_company_unique" ON "reminder_settings" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_alert_settings_company_unique" ON "voucher_alert_settings" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_responsible_accountant_user_id_users_id_fk" FOREIGN KEY ("responsible_accountant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The package catalogue: prices in øre with 25 % VAT included. Administrators change prices by
-- adding a package and taking the old one off sale, so a purchase always names what was sold.
INSERT INTO "payment_packages" ("code", "kind", "name_en", "name_no", "description_en", "description_no", "price_ore", "quantity", "months", "sort_index") VALUES
  ('payments-start', 'payments', 'Payments Start', 'Betaling Start', 'Up to 25 payments to the bank each month, for 12 months.', 'Opptil 25 betalinger til banken hver måned, i 12 måneder.', 49000, 25, 12, 10),
  ('payments-standard', 'payments', 'Payments Standard', 'Betaling Standard', 'Up to 100 payments to the bank each month, for 12 months.', 'Opptil 100 betalinger til banken hver måned, i 12 måneder.', 149000, 100, 12, 20),
  ('payments-pro', 'payments', 'Payments Pro', 'Betaling Pro', 'Up to 500 payments to the bank each month, for 12 months.', 'Opptil 500 betalinger til banken hver måned, i 12 måneder.', 499000, 500, 12, 30),
  ('remittance-100', 'remittance', 'Remittance 100', 'Remittering 100', '100 remittances through the bank services, to use within 12 months.', '100 remitteringer gjennom banktjenestene, til bruk innen 12 måneder.', 99000, 100, 12, 40),
  ('remittance-500', 'remittance', 'Remittance 500', 'Remittering 500', '500 remittances through the bank services, to use within 12 months.', '500 remitteringer gjennom banktjenestene, til bruk innen 12 måneder.', 399000, 500, 12, 50),
  ('integration-bank', 'integration', 'Bank integration', 'Bankintegrasjon', 'Bank statements fetched on their own every day for up to 3 accounts, for 12 months.', 'Kontoutskrifter hentet automatisk hver dag for opptil 3 kontoer, i 12 måneder.', 238800, 3, 12, 60);
