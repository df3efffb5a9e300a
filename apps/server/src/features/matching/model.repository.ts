import type { TrainingPair } from '@bilag/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type MatchModelRow, matchModels } from './matching.table';

/**
 * The company's confirmed pairs (connections people made or accepted) and rejected ones (suggestions
 * rejected, automatic connections undone and not taken back), with the texts the model learns from.
 */
export async function listTrainingPairs(db: Db, companyId: number): Promise<TrainingPair[]> {
  const result = await db.execute(sql`
    select t.text || ' ' || coalesce(t.counterparty_name, '') as text, v.supplier_name as "supplierName",
      pair.accepted
    from (
      select bank_transaction_id, voucher_id, true as accepted from transaction_vouchers
      where company_id = ${companyId} and source in ('manual', 'suggestion', 'admin')
      union all
      select bank_transaction_id, voucher_id, false from match_suggestions
      where company_id = ${companyId} and (status = 'rejected' or (is_undone and status <> 'accepted'))
    ) pair
    join bank_transactions t on t.company_id = ${companyId} and t.id = pair.bank_transaction_id
    join vouchers v on v.company_id = ${companyId} and v.id = pair.voucher_id
    where v.supplier_name is not null`);
  // The two drivers type a raw result differently; both carry the rows the select above names.
  return (result as unknown as { rows: TrainingPair[] }).rows;
}

export function findModel(db: Db, companyId: number): Promise<MatchModelRow | undefined> {
  return db
    .select()
    .from(matchModels)
    .where(eq(matchModels.companyId, companyId))
    .then((rows) => rows[0]);
}

export async function saveModel(
  db: Db,
  companyId: number,
  model: Omit<MatchModelRow, 'companyId' | 'trainedAt'>,
) {
  await db
    .insert(matchModels)
    .values({ companyId, ...model, trainedAt: new Date() })
    .onConflictDoUpdate({ target: matchModels.companyId, set: { ...model, trainedAt: new Date() } });
}
