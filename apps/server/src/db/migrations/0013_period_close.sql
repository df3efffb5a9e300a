CREATE TABLE "bank_month_totals" (
	"company_id" integer NOT NULL,
	"company_bank_id" bigint NOT NULL,
	"month" date NOT NULL,
	"transaction_count" integer DEFAULT 0 NOT NULL,
	"unexplained_count" integer DEFAULT 0 NOT NULL,
	"movement_ore" numeric DEFAULT '0' NOT NULL,
	"unexplained_abs_ore" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "bank_month_totals_company_id_company_bank_id_month_pk" PRIMARY KEY("company_id","company_bank_id","month")
);
--> statement-breakpoint
CREATE TABLE "period_closings" (
	"company_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "period_closings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"month" date NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exceptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reopened_by" integer,
	"reopened_at" timestamp with time zone,
	"reopen_reason" text,
	CONSTRAINT "period_closings_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "period_closings_closed_unique" ON "period_closings" USING btree ("company_id","month") WHERE "period_closings"."reopened_at" is null;--> statement-breakpoint
INSERT INTO "bank_month_totals" ("company_id", "company_bank_id", "month", "transaction_count", "unexplained_count", "movement_ore", "unexplained_abs_ore")
SELECT "company_id", "company_bank_id", date_trunc('month', "booking_date")::date, count(*), count(*) FILTER (WHERE "status" = 1),
       sum("amount_ore"), coalesce(sum(abs("amount_ore")) FILTER (WHERE "status" = 1), 0)
FROM "bank_transactions" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Refuses a change to a day of a closed month. The shared advisory lock per company (class 7320) is what
-- closing a month takes exclusively before it reads the month, so a change is either seen by the closing
-- or made after it (and refused here). A restore loads what was, closed months included.
CREATE FUNCTION "period_refuse_closed"(companies integer[], days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  closed_month text;
BEGIN
  IF coalesce(current_setting('bilag.restoring', true), '') = 'on' OR coalesce(cardinality(days), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(7320, touched.company_id)
    FROM (SELECT DISTINCT unnest(companies) AS company_id ORDER BY 1) AS touched;
  SELECT to_char(closing.month, 'YYYY-MM') INTO closed_month
    FROM unnest(companies, days) AS changed(company_id, day)
    JOIN period_closings AS closing
      ON closing.company_id = changed.company_id
     AND closing.month = date_trunc('month', changed.day)::date
     AND closing.reopened_at IS NULL
    LIMIT 1;
  IF closed_month IS NOT NULL THEN
    RAISE EXCEPTION 'The month % is closed', closed_month USING ERRCODE = 'BL409', DETAIL = closed_month;
  END IF;
END $$;
--> statement-breakpoint
-- Statement triggers on bank transactions: an import of a million rows (one COPY) is summed into its
-- accounts' months in one pass over the rows the statement changed; the lock is checked and the totals
-- are moved from those few sums.
CREATE FUNCTION "bank_month_totals_add"(
  companies integer[], accounts bigint[], months date[], counted bigint[], unexplained bigint[],
  movements numeric[], unexplained_amounts numeric[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM period_refuse_closed(companies, months);
  INSERT INTO bank_month_totals AS total
    (company_id, company_bank_id, month, transaction_count, unexplained_count, movement_ore, unexplained_abs_ore)
  SELECT * FROM unnest(companies, accounts, months, counted, unexplained, movements, unexplained_amounts)
  ON CONFLICT (company_id, company_bank_id, month) DO UPDATE SET
    transaction_count = total.transaction_count + excluded.transaction_count,
    unexplained_count = total.unexplained_count + excluded.unexplained_count,
    movement_ore = total.movement_ore + excluded.movement_ore,
    unexplained_abs_ore = total.unexplained_abs_ore + excluded.unexplained_abs_ore;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bank_transactions_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('bilag.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  PERFORM bank_month_totals_add(array_agg(company_id), array_agg(company_bank_id), array_agg(month),
      array_agg(counted), array_agg(unexplained), array_agg(movement), array_agg(unexplained_amount))
    FROM (
      SELECT company_id, company_bank_id, date_trunc('month', booking_date)::date AS month, count(*) AS counted,
             count(*) FILTER (WHERE status = 1) AS unexplained, sum(amount_ore) AS movement,
             coalesce(sum(abs(amount_ore)) FILTER (WHERE status = 1), 0) AS unexplained_amount
        FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ) AS sums;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bank_transactions_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('bilag.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  PERFORM bank_month_totals_add(array_agg(company_id), array_agg(company_bank_id), array_agg(month),
      array_agg(-counted), array_agg(-unexplained), array_agg(-movement), array_agg(-unexplained_amount))
    FROM (
      SELECT company_id, company_bank_id, date_trunc('month', booking_date)::date AS month, count(*) AS counted,
             count(*) FILTER (WHERE status = 1) AS unexplained, sum(amount_ore) AS movement,
             coalesce(sum(abs(amount_ore)) FILTER (WHERE status = 1), 0) AS unexplained_amount
        FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ) AS sums;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update is checked against the months its rows were in and the months they are in now, and the
-- totals move by the difference, so a change that leaves the sums alone leaves the totals' rows alone.
CREATE FUNCTION "bank_transactions_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('bilag.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  PERFORM period_refuse_closed(array_agg(company_id), array_agg(month))
    FROM (
      SELECT DISTINCT company_id, date_trunc('month', booking_date)::date AS month
        FROM (SELECT company_id, booking_date FROM old_rows UNION ALL SELECT company_id, booking_date FROM new_rows) AS changed
    ) AS months;
  PERFORM bank_month_totals_add(array_agg(company_id), array_agg(company_bank_id), array_agg(month),
      array_agg(counted), array_agg(unexplained), array_agg(movement), array_agg(unexplained_amount))
    FROM (
      SELECT company_id, company_bank_id, month, sum(counted) AS counted, sum(unexplained) AS unexplained,
             sum(movement) AS movement, sum(unexplained_amount) AS unexplained_amount
        FROM (
          SELECT company_id, company_bank_id, date_trunc('month', booking_date)::date AS month, 1 AS counted,
                 (status = 1)::int AS unexplained, amount_ore::numeric AS movement,
                 CASE WHEN status = 1 THEN abs(amount_ore::numeric) ELSE 0 END AS unexplained_amount
            FROM new_rows
          UNION ALL
          SELECT company_id, company_bank_id, date_trunc('month', booking_date)::date, -1,
                 -(status = 1)::int, -amount_ore::numeric,
                 CASE WHEN status = 1 THEN -abs(amount_ore::numeric) ELSE 0 END
            FROM old_rows
        ) AS delta
       GROUP BY 1, 2, 3
      HAVING sum(counted) <> 0 OR sum(unexplained) <> 0 OR sum(movement) <> 0 OR sum(unexplained_amount) <> 0
       ORDER BY 1, 2, 3
    ) AS sums;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bank_transactions_after_insert" AFTER INSERT ON "bank_transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bank_transactions_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "bank_transactions_after_delete" AFTER DELETE ON "bank_transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bank_transactions_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "bank_transactions_after_update" AFTER UPDATE ON "bank_transactions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bank_transactions_after_update"();
--> statement-breakpoint
-- A voucher's month is its effective date's. Its bookkeeping fields and its being deleted are locked; its
-- workflow (status, paid, labels) is not, so an invoice of a closed month can still be paid and matched
-- to the transaction of an open month that pays it.
CREATE FUNCTION "vouchers_period_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM period_refuse_closed(ARRAY[NEW.company_id], ARRAY[NEW.effective_date]);
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM period_refuse_closed(ARRAY[OLD.company_id], ARRAY[OLD.effective_date]);
    RETURN OLD;
  END IF;
  IF (OLD.company_id, OLD.effective_date, OLD.voucher_date, OLD.supplier_name, OLD.amount_ore, OLD.currency,
      OLD.due_date, OLD.kid, OLD.account_number, OLD.description, OLD.deleted_at)
     IS DISTINCT FROM
     (NEW.company_id, NEW.effective_date, NEW.voucher_date, NEW.supplier_name, NEW.amount_ore, NEW.currency,
      NEW.due_date, NEW.kid, NEW.account_number, NEW.description, NEW.deleted_at) THEN
    PERFORM period_refuse_closed(ARRAY[OLD.company_id, NEW.company_id], ARRAY[OLD.effective_date, NEW.effective_date]);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "vouchers_period_lock" BEFORE INSERT OR UPDATE OR DELETE ON "vouchers"
  FOR EACH ROW EXECUTE FUNCTION "vouchers_period_lock"();
--> statement-breakpoint
-- Connections and registrations explain a transaction: they belong to the transaction's month.
CREATE FUNCTION "transaction_explanation_period_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM period_refuse_closed(array_agg(transaction.company_id), array_agg(transaction.booking_date))
    FROM bank_transactions AS transaction
   WHERE transaction.company_id = changed.company_id AND transaction.id = changed.bank_transaction_id;
  IF TG_OP = 'UPDATE' THEN
    PERFORM period_refuse_closed(array_agg(transaction.company_id), array_agg(transaction.booking_date))
      FROM bank_transactions AS transaction
     WHERE transaction.company_id = OLD.company_id AND transaction.id = OLD.bank_transaction_id;
  END IF;
  RETURN changed;
END $$;
--> statement-breakpoint
CREATE TRIGGER "transaction_vouchers_period_lock" BEFORE INSERT OR UPDATE OR DELETE ON "transaction_vouchers"
  FOR EACH ROW EXECUTE FUNCTION "transaction_explanation_period_lock"();
--> statement-breakpoint
CREATE TRIGGER "missing_voucher_registrations_period_lock" BEFORE INSERT OR UPDATE OR DELETE ON "missing_voucher_registrations"
  FOR EACH ROW EXECUTE FUNCTION "transaction_explanation_period_lock"();
--> statement-breakpoint
-- A voucher's files are what the month's archive holds; a registration's files explain its transaction.
CREATE FUNCTION "stored_file_period_day"(file_company integer, file_owner_type text, file_owner_id bigint) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT CASE file_owner_type
    WHEN 'voucher' THEN (SELECT effective_date FROM vouchers WHERE company_id = file_company AND id = file_owner_id)
    WHEN 'missing-voucher' THEN (
      SELECT transaction.booking_date
        FROM missing_voucher_registrations AS registration
        JOIN bank_transactions AS transaction
          ON transaction.company_id = registration.company_id AND transaction.id = registration.bank_transaction_id
       WHERE registration.company_id = file_company AND registration.id = file_owner_id)
  END
$$;
--> statement-breakpoint
CREATE FUNCTION "stored_files_period_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF changed.owner_type IN ('voucher', 'missing-voucher') THEN
    PERFORM period_refuse_closed(ARRAY[changed.company_id],
      ARRAY[stored_file_period_day(changed.company_id, changed.owner_type, changed.owner_id)]);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.owner_type IN ('voucher', 'missing-voucher') THEN
    PERFORM period_refuse_closed(ARRAY[OLD.company_id],
      ARRAY[stored_file_period_day(OLD.company_id, OLD.owner_type, OLD.owner_id)]);
  END IF;
  RETURN changed;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stored_files_period_lock" BEFORE INSERT OR UPDATE OR DELETE ON "stored_files"
  FOR EACH ROW EXECUTE FUNCTION "stored_files_period_lock"();
