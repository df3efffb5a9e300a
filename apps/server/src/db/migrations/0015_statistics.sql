CREATE TABLE "bank_explained_totals" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"explained_count" integer DEFAULT 0 NOT NULL,
	"days_to_explain" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "bank_explained_totals_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
CREATE TABLE "payment_month_totals" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"status" integer NOT NULL,
	"payment_count" integer DEFAULT 0 NOT NULL,
	"amount_ore" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "payment_month_totals_company_id_month_status_pk" PRIMARY KEY("company_id","month","status")
);
--> statement-breakpoint
CREATE TABLE "vat_month_totals" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"rate" numeric NOT NULL,
	"document_count" integer DEFAULT 0 NOT NULL,
	"taxable_ore" numeric DEFAULT '0' NOT NULL,
	"tax_ore" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "vat_month_totals_company_id_month_category_rate_pk" PRIMARY KEY("company_id","month","category","rate")
);
--> statement-breakpoint
CREATE TABLE "voucher_month_totals" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"source" integer NOT NULL,
	"voucher_count" integer DEFAULT 0 NOT NULL,
	"amount_ore" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "voucher_month_totals_company_id_month_source_pk" PRIMARY KEY("company_id","month","source")
);
--> statement-breakpoint
CREATE TABLE "work_week_totals" (
	"company_id" integer NOT NULL,
	"week" date NOT NULL,
	"vouchers_added" integer DEFAULT 0 NOT NULL,
	"transactions_explained" integer DEFAULT 0 NOT NULL,
	"tasks_completed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "work_week_totals_company_id_week_pk" PRIMARY KEY("company_id","week")
);
--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD COLUMN "explained_on" date;--> statement-breakpoint
CREATE INDEX "tasks_open_idx" ON "tasks" USING btree ("company_id","due_date") WHERE status <> 'done';--> statement-breakpoint
-- The day a transaction stopped missing a voucher, in Norwegian time; kept when it moves between explained
-- states, cleared when it misses its voucher again. Rows explained before this migration have none; a
-- restore keeps each row's own.
CREATE FUNCTION "bank_transactions_explained_on"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('bilag.restoring', true), '') = 'on' THEN
    RETURN NEW;
  ELSIF NEW.status = 1 THEN
    NEW.explained_on := NULL;
  ELSE
    NEW.explained_on := coalesce(NEW.explained_on, (now() AT TIME ZONE 'Europe/Oslo')::date);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bank_transactions_explained_on_insert" BEFORE INSERT ON "bank_transactions"
  FOR EACH ROW WHEN (NEW.status <> 1) EXECUTE FUNCTION "bank_transactions_explained_on"();
--> statement-breakpoint
CREATE TRIGGER "bank_transactions_explained_on_update" BEFORE UPDATE OF "status" ON "bank_transactions"
  FOR EACH ROW WHEN ((OLD.status = 1) <> (NEW.status = 1)) EXECUTE FUNCTION "bank_transactions_explained_on"();
--> statement-breakpoint
-- The rows a statement changed, each with the sign it moves the totals by: +1 as a row is now, -1 as it was.
-- The statistics triggers sum these, so an insert, a delete and an update are one query each.
CREATE FUNCTION "statistic_changed_rows"(operation text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE operation
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END
$$;
--> statement-breakpoint
CREATE FUNCTION "vouchers_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('bilag.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  EXECUTE format($query$
    INSERT INTO voucher_month_totals AS total (company_id, month, source, voucher_count, amount_ore)
    SELECT company_id, date_trunc('month', effective_date)::date, source, sum(sign), sum(sign * coalesce(amount_ore, 0))
      FROM (%s) AS changed WHERE deleted_at IS NULL
     GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * coalesce(amount_ore, 0)) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, month, source) DO UPDATE SET
      voucher_count = total.voucher_count + excluded.voucher_count,
      amount_ore = total.amount_ore + excluded.amount_ore
  $query$, statistic_changed_rows(TG_OP));
  EXECUTE format($query$
    INSERT INTO work_week_totals AS total (company_id, week, vouchers_added)
    SELECT company_id, date_trunc('week', created_at AT TIME ZONE 'Europe/Oslo')::date, sum(sign)
      FROM (%s) AS changed WHERE deleted_at IS NULL
     GROUP BY 1, 2 HAVING sum(sign) <> 0 ORDER BY 1, 2
    ON CONFLICT (company_id, week) DO UPDATE SET vouchers_added = total.vouchers_added + excluded.vouchers_added
  $query$, statistic_changed_rows(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A statement import inserts rows that all miss their voucher: one look at its rows ends the trigger.
CREATE FUNCTION "bank_transactions_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('bilag.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE explained_on IS NOT NULL) THEN RETURN NULL; END IF;
  END IF;
  EXECUTE format($query$
    INSERT INTO bank_explained_totals AS total (company_id, month, explained_count, days_to_explain)
    SELECT company_id, date_trunc('month', booking_date)::date, sum(sign), sum(sign * greatest(explained_on - booking_date, 0))
      FROM (%s) AS changed WHERE explained_on IS NOT NULL
     GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * greatest(explained_on - booking_date, 0)) <> 0 ORDER BY 1, 2
    ON CONFLICT (company_id, month) DO UPDATE SET
      explained_count = total.explained_count + excluded.explained_count,
      days_to_explain = total.days_to_explain + excluded.days_to_explain
  $query$, statistic_changed_rows(TG_OP));
  EXECUTE format($query$
    INSERT INTO work_week_totals AS total (company_id, week, transactions_explained)
    SELECT company_id, date_trunc('week', explained_on)::date, sum(sign)
      FROM (%s) AS changed WHERE explained_on IS NOT NULL
     GROUP BY 1, 2 HAVING sum(sign) <> 0 ORDER BY 1, 2
    ON CONFLICT (company_id, week) DO UPDATE SET
      transactions_explained = total.transactions_explained + excluded.transactions_explained
  $query$, statistic_changed_rows(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "payments_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('bilag.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  EXECUTE format($query$
    INSERT INTO payment_month_totals AS total (company_id, month, status, payment_count, amount_ore)
    SELECT company_id, date_trunc('month', due_date)::date, status, sum(sign), sum(sign * amount_ore)
      FROM (%s) AS changed
     GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * amount_ore) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, month, status) DO UPDATE SET
      payment_count = total.payment_count + excluded.payment_count,
      amount_ore = total.amount_ore + excluded.amount_ore
  $query$, statistic_changed_rows(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "tasks_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('bilag.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  EXECUTE format($query$
    INSERT INTO work_week_totals AS total (company_id, week, tasks_completed)
    SELECT company_id, date_trunc('week', completed_at AT TIME ZONE 'Europe/Oslo')::date, sum(sign)
      FROM (%s) AS changed WHERE completed_at IS NOT NULL
     GROUP BY 1, 2 HAVING sum(sign) <> 0 ORDER BY 1, 2
    ON CONFLICT (company_id, week) DO UPDATE SET tasks_completed = total.tasks_completed + excluded.tasks_completed
  $query$, statistic_changed_rows(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A rate's percent is the document's own text; one that is not a plain number (the checks report it) counts
-- as 0 rather than failing the intake.
CREATE FUNCTION "ehf_documents_statistics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('bilag.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  EXECUTE format($query$
    INSERT INTO vat_month_totals AS total (company_id, month, category, rate, document_count, taxable_ore, tax_ore)
    SELECT company_id, month, category, rate, sum(sign), sum(sign * direction * taxable), sum(sign * direction * tax)
      FROM (
        SELECT changed.company_id, changed.sign,
               date_trunc('month', coalesce(changed.issue_date, (changed.received_at AT TIME ZONE 'Europe/Oslo')::date))::date AS month,
               coalesce(vat.value->>'category', '') AS category,
               CASE WHEN vat.value->>'percent' ~ '^[0-9]{1,3}(\.[0-9]{1,6})?$'
                    THEN trim_scale((vat.value->>'percent')::numeric) ELSE 0 END AS rate,
               CASE WHEN changed.document_kind = 'creditnote' THEN -1 ELSE 1 END AS direction,
               coalesce((vat.value->>'taxableAmountOre')::numeric, 0) AS taxable,
               coalesce((vat.value->>'taxAmountOre')::numeric, 0) AS tax
          FROM (%s) AS changed CROSS JOIN LATERAL jsonb_array_elements(changed.vat_rates) AS vat
         WHERE changed.voucher_id IS NOT NULL
      ) AS rates
     GROUP BY 1, 2, 3, 4
    HAVING sum(sign) <> 0 OR sum(sign * direction * taxable) <> 0 OR sum(sign * direction * tax) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, month, category, rate) DO UPDATE SET
      document_count = total.document_count + excluded.document_count,
      taxable_ore = total.taxable_ore + excluded.taxable_ore,
      tax_ore = total.tax_ore + excluded.tax_ore
  $query$, statistic_changed_rows(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "vouchers_statistics_insert" AFTER INSERT ON "vouchers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vouchers_statistics"();
--> statement-breakpoint
CREATE TRIGGER "vouchers_statistics_update" AFTER UPDATE ON "vouchers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vouchers_statistics"();
--> statement-breakpoint
CREATE TRIGGER "vouchers_statistics_delete" AFTER DELETE ON "vouchers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vouchers_statistics"();
--> statement-breakpoint
CREATE TRIGGER "bank_transactions_statistics_insert" AFTER INSERT ON "bank_transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bank_transactions_statistics"();
--> statement-breakpoint
CREATE TRIGGER "bank_transactions_statistics_update" AFTER UPDATE ON "bank_transactions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bank_transactions_statistics"();
--> statement-breakpoint
CREATE TRIGGER "bank_transactions_statistics_delete" AFTER DELETE ON "bank_transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bank_transactions_statistics"();
--> statement-breakpoint
CREATE TRIGGER "payments_statistics_insert" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payments_statistics"();
--> statement-breakpoint
CREATE TRIGGER "payments_statistics_update" AFTER UPDATE ON "payments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payments_statistics"();
--> statement-breakpoint
CREATE TRIGGER "payments_statistics_delete" AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payments_statistics"();
--> statement-breakpoint
CREATE TRIGGER "tasks_statistics_insert" AFTER INSERT ON "tasks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tasks_statistics"();
--> statement-breakpoint
CREATE TRIGGER "tasks_statistics_update" AFTER UPDATE ON "tasks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tasks_statistics"();
--> statement-breakpoint
CREATE TRIGGER "tasks_statistics_delete" AFTER DELETE ON "tasks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "tasks_statistics"();
--> statement-breakpoint
CREATE TRIGGER "ehf_documents_statistics_insert" AFTER INSERT ON "ehf_documents"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ehf_documents_statistics"();
--> statement-breakpoint
CREATE TRIGGER "ehf_documents_statistics_update" AFTER UPDATE ON "ehf_documents"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ehf_documents_statistics"();
--> statement-breakpoint
CREATE TRIGGER "ehf_documents_statistics_delete" AFTER DELETE ON "ehf_documents"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ehf_documents_statistics"();
--> statement-breakpoint
INSERT INTO "voucher_month_totals" ("company_id", "month", "source", "voucher_count", "amount_ore")
SELECT "company_id", date_trunc('month', "effective_date")::date, "source", count(*), coalesce(sum("amount_ore"), 0)
  FROM "vouchers" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "work_week_totals" ("company_id", "week", "vouchers_added", "tasks_completed")
SELECT "company_id", "week", sum("vouchers"), sum("tasks")
  FROM (
    SELECT "company_id", date_trunc('week', "created_at" AT TIME ZONE 'Europe/Oslo')::date AS "week", 1 AS "vouchers", 0 AS "tasks"
      FROM "vouchers" WHERE "deleted_at" IS NULL
    UNION ALL
    SELECT "company_id", date_trunc('week', "completed_at" AT TIME ZONE 'Europe/Oslo')::date, 0, 1
      FROM "tasks" WHERE "completed_at" IS NOT NULL
  ) AS "work" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "payment_month_totals" ("company_id", "month", "status", "payment_count", "amount_ore")
SELECT "company_id", date_trunc('month', "due_date")::date, "status", count(*), sum("amount_ore")
  FROM "payments" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "vat_month_totals" ("company_id", "month", "category", "rate", "document_count", "taxable_ore", "tax_ore")
SELECT "company_id", "month", "category", "rate", count(*), sum("direction" * "taxable"), sum("direction" * "tax")
  FROM (
    SELECT "document"."company_id",
           date_trunc('month', coalesce("document"."issue_date", ("document"."received_at" AT TIME ZONE 'Europe/Oslo')::date))::date AS "month",
           coalesce("vat"."value"->>'category', '') AS "category",
           CASE WHEN "vat"."value"->>'percent' ~ '^[0-9]{1,3}(\.[0-9]{1,6})?$'
                THEN trim_scale(("vat"."value"->>'percent')::numeric) ELSE 0 END AS "rate",
           CASE WHEN "document"."document_kind" = 'creditnote' THEN -1 ELSE 1 END AS "direction",
           coalesce(("vat"."value"->>'taxableAmountOre')::numeric, 0) AS "taxable",
           coalesce(("vat"."value"->>'taxAmountOre')::numeric, 0) AS "tax"
      FROM "ehf_documents" AS "document" CROSS JOIN LATERAL jsonb_array_elements("document"."vat_rates") AS "vat"
     WHERE "document"."voucher_id" IS NOT NULL
  ) AS "rates" GROUP BY 1, 2, 3, 4;
