CREATE TABLE "ehf_documents" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ehf_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" text,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"document_kind" text,
	"document_number" text,
	"supplier_key" text,
	"supplier_name" text,
	"supplier_organisation_number" text,
	"customer_name" text,
	"customer_organisation_number" text,
	"issue_date" date,
	"due_date" date,
	"currency" text,
	"payable_amount_ore" bigint,
	"line_extension_amount_ore" bigint,
	"tax_exclusive_amount_ore" bigint,
	"tax_amount_ore" bigint,
	"tax_inclusive_amount_ore" bigint,
	"kid" text,
	"supplier_account" text,
	"buyer_reference" text,
	"order_reference" text,
	"billing_reference" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vat_rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason_key" text,
	"reason_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sender_address" text,
	"has_rendered_pdf" boolean DEFAULT false NOT NULL,
	"voucher_id" bigint,
	"credited_document_id" bigint,
	"inbox_item_id" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ehf_documents_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "ehf_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ehf_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"row_count" integer,
	"file_key" text,
	"file_name" text,
	"error_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"sent_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "spam_suppliers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spam_suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"for_company_id" integer,
	"organisation_number" text,
	"email_pattern" text,
	"name" text NOT NULL,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_item_reads" (
	"company_id" integer NOT NULL,
	"inbox_item_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_item_reads_company_id_inbox_item_id_user_id_pk" PRIMARY KEY("company_id","inbox_item_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "inbox_items" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "inbox_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" text NOT NULL,
	"channel" text NOT NULL,
	"sender_name" text,
	"sender_address" text,
	"subject" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"reason_key" text,
	"reason_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"voucher_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"ehf_document_id" bigint,
	"attachment_count" integer DEFAULT 0 NOT NULL,
	"size_bytes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_items_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "mail_accepted_senders" (
	"company_id" integer NOT NULL,
	"address" text NOT NULL,
	"accepted_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_accepted_senders_company_id_address_pk" PRIMARY KEY("company_id","address")
);
--> statement-breakpoint
CREATE TABLE "mail_attachments" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mail_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inbox_item_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"file_name" text NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"outcome" text NOT NULL,
	"reason_key" text,
	"reason_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"voucher_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_attachments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mail_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inbox_item_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"envelope_from" text,
	"recipient" text NOT NULL,
	"remote_address" text,
	"from_address" text,
	"text_excerpt" text DEFAULT '' NOT NULL,
	"accepted_by" integer,
	"accepted_at" timestamp with time zone,
	"review_note" text,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_messages_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "mail_smtp_refusals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_smtp_refusals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"for_company_id" integer,
	"envelope_from" text,
	"recipient" text,
	"remote_address" text,
	"smtp_code" integer NOT NULL,
	"reason_key" text NOT NULL,
	"reason_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ehf_documents_message_unique" ON "ehf_documents" USING btree ("company_id","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ehf_documents_document_unique" ON "ehf_documents" USING btree ("company_id","supplier_key","document_kind","document_number");--> statement-breakpoint
CREATE INDEX "ehf_documents_received_idx" ON "ehf_documents" USING btree ("company_id","received_at");--> statement-breakpoint
CREATE INDEX "ehf_documents_voucher_idx" ON "ehf_documents" USING btree ("company_id","voucher_id");--> statement-breakpoint
CREATE INDEX "ehf_documents_credited_idx" ON "ehf_documents" USING btree ("company_id","credited_document_id");--> statement-breakpoint
CREATE INDEX "ehf_reports_created_idx" ON "ehf_reports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "spam_suppliers_org_unique" ON "spam_suppliers" USING btree (coalesce("for_company_id", 0),"organisation_number") WHERE "spam_suppliers"."organisation_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "spam_suppliers_email_unique" ON "spam_suppliers" USING btree (coalesce("for_company_id", 0),"email_pattern") WHERE "spam_suppliers"."email_pattern" is not null;--> statement-breakpoint
CREATE INDEX "spam_suppliers_org_idx" ON "spam_suppliers" USING btree ("organisation_number") WHERE "spam_suppliers"."organisation_number" is not null;--> statement-breakpoint
CREATE INDEX "spam_suppliers_email_idx" ON "spam_suppliers" USING btree ("email_pattern") WHERE "spam_suppliers"."email_pattern" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_items_uuid_unique" ON "inbox_items" USING btree ("company_id","uuid");--> statement-breakpoint
CREATE INDEX "inbox_items_received_idx" ON "inbox_items" USING btree ("company_id","received_at");--> statement-breakpoint
CREATE INDEX "mail_attachments_item_idx" ON "mail_attachments" USING btree ("company_id","inbox_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_inbox_item_unique" ON "mail_messages" USING btree ("company_id","inbox_item_id");--> statement-breakpoint
CREATE INDEX "mail_smtp_refusals_created_idx" ON "mail_smtp_refusals" USING btree ("created_at");