CREATE TABLE "task_assignees" (
	"company_id" integer NOT NULL,
	"task_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "task_assignees_company_id_task_id_user_id_pk" PRIMARY KEY("company_id","task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "task_comments" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "task_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" bigint NOT NULL,
	"author_user_id" integer,
	"content" text NOT NULL,
	"mentioned_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_comments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_label_links" (
	"company_id" integer NOT NULL,
	"task_id" bigint NOT NULL,
	"label_id" bigint NOT NULL,
	CONSTRAINT "task_label_links_company_id_task_id_label_id_pk" PRIMARY KEY("company_id","task_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "task_labels" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "task_labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_labels_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_templates" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "task_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_require_note" boolean DEFAULT false NOT NULL,
	"is_require_voucher" boolean DEFAULT false NOT NULL,
	"recurrence" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_templates_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'todo' NOT NULL,
	"due_date" date,
	"template_id" bigint DEFAULT 0 NOT NULL,
	"recurrence_due_date" date,
	"is_require_note" boolean DEFAULT false NOT NULL,
	"is_require_voucher" boolean DEFAULT false NOT NULL,
	"link_kind" text,
	"link_id" bigint,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE INDEX "task_assignees_user_idx" ON "task_assignees" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "task_comments_task_idx" ON "task_comments" USING btree ("company_id","task_id");--> statement-breakpoint
CREATE INDEX "task_label_links_label_idx" ON "task_label_links" USING btree ("company_id","label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_labels_name_unique" ON "task_labels" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "tasks_sort_idx" ON "tasks" USING btree ("company_id","sort_index");--> statement-breakpoint
CREATE INDEX "tasks_due_idx" ON "tasks" USING btree ("company_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_recurrence_unique" ON "tasks" USING btree ("company_id","template_id","recurrence_due_date") WHERE recurrence_due_date is not null;