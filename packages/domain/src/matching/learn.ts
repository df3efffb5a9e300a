/**
 * What a company's own history says about who a bank text pays. Trained on the pairs people confirmed
 * and rejected: each word of a transaction's text counts the suppliers it was confirmed for, and a
 * rejection counts against. The model is plain counts, so it runs inside the product, needs no
 * service, is explainable ("confirmed 4 times before") and grows with every confirmation.
 */
import { nameTokens } from './tokens';

export interface TrainingPair {
  /** The bank text and counterparty of the transaction. */
  text: string;
  supplierName: string;
  /** True for a connection a person made or confirmed, false for a suggestion a person rejected. */
  accepted: boolean;
}

/** Per word of bank text: how often it was seen, and per supplier key [confirmed, rejected]. */
export interface LearnedModel {
  pairs: number;
  confirmed: number;
  rejected: number;
  words: Record<string, { seen: number; suppliers: Record<string, [number, number]> }>;
}

export interface LearnedAffinity {
  /** 0 to 1: how sure the history is that this text pays this supplier. */
  affinity: number;
  confirmations: number;
  word: string;
}

/** A supplier's name as the model knows it: its words, so "TELENOR NORGE AS" and "Telenor Norge AS" agree. */
export function supplierKey(name: string): string {
  return nameTokens(name).join(' ');
}

export function trainModel(pairs: Iterable<TrainingPair>): LearnedModel {
  const model: LearnedModel = { pairs: 0, confirmed: 0, rejected: 0, words: {} };
  for (const pair of pairs) {
    const key = supplierKey(pair.supplierName);
    if (!key) continue;
    model.pairs += 1;
    if (pair.accepted) model.confirmed += 1;
    else model.rejected += 1;
    for (const word of new Set(nameTokens(pair.text))) {
      const entry = ownEntry(model.words, word) ?? { seen: 0, suppliers: {} };
      model.words[word] = entry;
      const counts = ownEntry(entry.suppliers, key) ?? [0, 0];
      entry.suppliers[key] = counts;
      if (pair.accepted) {
        entry.seen += 1;
        counts[0] += 1;
      } else {
        counts[1] += 1;
      }
    }
  }
  return model;
}

/**
 * A word or supplier looked up among the model's own keys only: bank texts hold any word, and one such
 * as "constructor" must not find what every object inherits.
 */
function ownEntry<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** A word's share of confirmations for one supplier, less its rejections, damped while the word is rare. */
function wordAffinity(seen: number, [confirmed, rejected]: [number, number]): number {
  return Math.round((Math.max(0, confirmed - rejected) / (seen + 1)) * 1000) / 1000;
}

/**
 * How strongly the history ties this bank text to this supplier: the affinity of its best word.
 */
export function learnedAffinity(
  model: LearnedModel,
  text: string,
  supplierName: string,
): LearnedAffinity | undefined {
  const key = supplierKey(supplierName);
  if (!key) return undefined;
  let best: LearnedAffinity | undefined;
  for (const word of new Set(nameTokens(text))) {
    const entry = ownEntry(model.words, word);
    const counts = entry && ownEntry(entry.suppliers, key);
    if (!entry || !counts) continue;
    const affinity = wordAffinity(entry.seen, counts);
    if (affinity > 0 && (!best || affinity > best.affinity)) {
      best = { affinity, confirmations: counts[0], word };
    }
  }
  return best;
}

/** The supplier this bank text most likely pays, by the company's history. */
export function predictSupplier(
  model: LearnedModel,
  text: string,
): { supplierKey: string; affinity: number; confirmations: number; word: string } | undefined {
  let best: { supplierKey: string; affinity: number; confirmations: number; word: string } | undefined;
  for (const word of new Set(nameTokens(text))) {
    const entry = ownEntry(model.words, word);
    if (!entry) continue;
    for (const [key, counts] of Object.entries(entry.suppliers)) {
      const affinity = wordAffinity(entry.seen, counts);
      if (affinity > 0 && (!best || affinity > best.affinity)) {
        best = { supplierKey: key, affinity, confirmations: counts[0], word };
      }
    }
  }
  return best;
}
