CREATE TABLE "company_backlog_totals" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"transactions_missing_voucher" integer DEFAULT 0 NOT NULL,
	"transactions_missing_voucher_ore" numeric DEFAULT '0' NOT NULL,
	"payments_for_approval" integer DEFAULT 0 NOT NULL,
	"payments_failed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The backlog moves with the month totals it sums: statement triggers on those, so a statement that
-- changes a million transactions moves the backlog once per company, from the few month rows it moved.
-- A restore loads the backlog from its own table, as it loads the month totals.
CREATE FUNCTION "bank_month_totals_backlog"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('bilag.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  EXECUTE format($query$
    INSERT INTO company_backlog_totals AS total (company_id, transactions_missing_voucher, transactions_missing_voucher_ore)
    SELECT company_id, sum(sign * unexplained_count), sum(sign * unexplained_abs_ore)
      FROM (%s) AS changed
     GROUP BY 1 HAVING sum(sign * unexplained_count) <> 0 OR sum(sign * unexplained_abs_ore) <> 0 ORDER BY 1
    ON CONFLICT (company_id) DO UPDATE SET
      transactions_missing_voucher = total.transactions_missing_voucher + excluded.transactions_missing_voucher,
      transactions_missing_voucher_ore = total.transactions_missing_voucher_ore + excluded.transactions_missing_voucher_ore
  $query$, statistic_changed_rows(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Status 0 waits for approval, 2 failed.
CREATE FUNCTION "payment_month_totals_backlog"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('bilag.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  EXECUTE format($query$
    INSERT INTO company_backlog_totals AS total (company_id, payments_for_approval, payments_failed)
    SELECT company_id, for_approval, failed
      FROM (
        SELECT company_id, coalesce(sum(sign * payment_count) FILTER (WHERE status = 0), 0) AS for_approval,
               coalesce(sum(sign * payment_count) FILTER (WHERE status = 2), 0) AS failed
          FROM (%s) AS changed WHERE status IN (0, 2) GROUP BY 1
      ) AS moved
     WHERE for_approval <> 0 OR failed <> 0 ORDER BY 1
    ON CONFLICT (company_id) DO UPDATE SET
      payments_for_approval = total.payments_for_approval + excluded.payments_for_approval,
      payments_failed = total.payments_failed + excluded.payments_failed
  $query$, statistic_changed_rows(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bank_month_totals_backlog_insert" AFTER INSERT ON "bank_month_totals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bank_month_totals_backlog"();
--> statement-breakpoint
CREATE TRIGGER "bank_month_totals_backlog_update" AFTER UPDATE ON "bank_month_totals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bank_month_totals_backlog"();
--> statement-breakpoint
CREATE TRIGGER "bank_month_totals_backlog_delete" AFTER DELETE ON "bank_month_totals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bank_month_totals_backlog"();
--> statement-breakpoint
CREATE TRIGGER "payment_month_totals_backlog_insert" AFTER INSERT ON "payment_month_totals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_month_totals_backlog"();
--> statement-breakpoint
CREATE TRIGGER "payment_month_totals_backlog_update" AFTER UPDATE ON "payment_month_totals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_month_totals_backlog"();
--> statement-breakpoint
CREATE TRIGGER "payment_month_totals_backlog_delete" AFTER DELETE ON "payment_month_totals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_month_totals_backlog"();
--> statement-breakpoint
INSERT INTO "company_backlog_totals"
  ("company_id", "transactions_missing_voucher", "transactions_missing_voucher_ore", "payments_for_approval", "payments_failed")
SELECT "company_id", sum("missing"), sum("missing_ore"), sum("for_approval"), sum("failed")
  FROM (
    SELECT "company_id", "unexplained_count" AS "missing", "unexplained_abs_ore" AS "missing_ore", 0 AS "for_approval", 0 AS "failed"
      FROM "bank_month_totals"
    UNION ALL
    SELECT "company_id", 0, 0, "payment_count" * ("status" = 0)::int, "payment_count" * ("status" = 2)::int
      FROM "payment_month_totals" WHERE "status" IN (0, 2)
  ) AS "backlog" GROUP BY 1;
