CREATE TABLE "payment_basket_approvals" (
	"company_id" integer NOT NULL,
	"basket_uuid" text NOT NULL,
	"user_id" integer NOT NULL,
	"ssn" text,
	"ssn_fingerprint" text NOT NULL,
	"signing_request_id" text NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_basket_approvals_company_id_basket_uuid_user_id_pk" PRIMARY KEY("company_id","basket_uuid","user_id")
);
--> statement-breakpoint
CREATE TABLE "payment_baskets" (
	"company_id" integer NOT NULL,
	"uuid" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"bank_group" text NOT NULL,
	"debtor_company_bank_id" bigint NOT NULL,
	"debtor_account_number" text NOT NULL,
	"payment_kind" text NOT NULL,
	"required_approvals" integer DEFAULT 1 NOT NULL,
	"message_key" text,
	"message_params" jsonb,
	"created_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_baskets_company_id_uuid_pk" PRIMARY KEY("company_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "payment_initiations" (
	"company_id" integer NOT NULL,
	"flow_id" text NOT NULL,
	"basket_uuid" text NOT NULL,
	"bank_group" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text DEFAULT 'initiating' NOT NULL,
	"bank_payment_id" text,
	"payment_kind" text NOT NULL,
	"bulk" boolean NOT NULL,
	"bank_status" text,
	"sca_redirect_url" text,
	"return_origin" text,
	"initiated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_initiations_company_id_flow_id_pk" PRIMARY KEY("company_id","flow_id")
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"second_approver_above_ore" bigint,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_authorisations" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_bank_id" bigint NOT NULL,
	"outcome" text NOT NULL,
	"approval_access_indicator" text,
	"status_code" integer,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_authorisations_company_id_user_id_company_bank_id_pk" PRIMARY KEY("company_id","user_id","company_bank_id")
);
--> statement-breakpoint
CREATE TABLE "signing_requests" (
	"company_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"tracking_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"basket_uuid" text,
	"company_bank_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"status_id" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_requests_company_id_request_id_pk" PRIMARY KEY("company_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"for_company_id" integer,
	"singleton_key" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_basket_approvals_person_unique" ON "payment_basket_approvals" USING btree ("company_id","basket_uuid","ssn_fingerprint");--> statement-breakpoint
CREATE INDEX "payment_baskets_uuid_idx" ON "payment_baskets" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "payment_baskets_state_idx" ON "payment_baskets" USING btree ("company_id","state","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_initiations_basket_unique" ON "payment_initiations" USING btree ("company_id","basket_uuid");--> statement-breakpoint
CREATE INDEX "payment_initiations_flow_idx" ON "payment_initiations" USING btree ("flow_id");--> statement-breakpoint
CREATE INDEX "payment_initiations_state_idx" ON "payment_initiations" USING btree ("state","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_requests_ids_unique" ON "signing_requests" USING btree ("company_id","request_id","tracking_id");--> statement-breakpoint
CREATE INDEX "signing_requests_user_idx" ON "signing_requests" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_unique" ON "jobs" USING btree ("singleton_key") WHERE "jobs"."state" in ('queued', 'running') and "jobs"."singleton_key" is not null;--> statement-breakpoint
CREATE INDEX "jobs_state_idx" ON "jobs" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "payments_basket_idx" ON "payments" USING btree ("company_id","basket_uuid") WHERE "payments"."basket_uuid" is not null;