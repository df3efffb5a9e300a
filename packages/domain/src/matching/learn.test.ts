import { describe, expect, it } from 'vitest';
import { learnedAffinity, predictSupplier, trainModel } from './learn';
import { matchTransactions } from './match';

const kaffebar = {
  text: 'VIPPS *KAFFEBRENNERIET 4411',
  supplierName: 'Kaffebrenneriet Oslo AS',
  accepted: true,
};

describe('learning from confirmed and rejected pairs', () => {
  it('ties a bank text to the supplier it was confirmed for, more surely the more often it was', () => {
    const once = trainModel([{ ...kaffebar, text: 'VIPPS *KB 4411' }]);
    const often = trainModel(Array.from({ length: 4 }, () => ({ ...kaffebar, text: 'VIPPS *KB 4411' })));
    const onceAffinity = learnedAffinity(once, 'VIPPS *KB 9999', 'Kaffebrenneriet Oslo AS');
    const oftenAffinity = learnedAffinity(often, 'VIPPS *KB 9999', 'KAFFEBRENNERIET OSLO AS');
    expect(onceAffinity?.affinity).toBeGreaterThan(0);
    expect(oftenAffinity?.affinity).toBeGreaterThan(onceAffinity?.affinity ?? 1);
    expect(oftenAffinity?.confirmations).toBe(4);
  });

  it('counts a rejection against the supplier, and a word shared by many suppliers says little', () => {
    const model = trainModel([
      { text: 'Nettbank overføring', supplierName: 'Telenor Norge AS', accepted: true },
      { text: 'Nettbank overføring', supplierName: 'Posten Norge AS', accepted: true },
      { text: 'Nettbank overføring', supplierName: 'Ruter AS', accepted: true },
      { text: 'VIPPS KB', supplierName: 'Kiwi Hamar', accepted: true },
      { text: 'VIPPS KB', supplierName: 'Kiwi Hamar', accepted: false },
    ]);
    expect(learnedAffinity(model, 'Nettbank overføring', 'Telenor Norge AS')?.affinity).toBe(0.25);
    expect(learnedAffinity(model, 'VIPPS KB', 'Kiwi Hamar')).toBeUndefined();
    expect(predictSupplier(model, 'Nettbank overføring')?.supplierKey).toBe('telenor');
  });

  it('reads any word of a bank text, including names every object has', () => {
    const model = trainModel([
      { text: 'CONSTRUCTOR toString AS', supplierName: 'Constructor Bygg AS', accepted: true },
    ]);
    expect(learnedAffinity(model, 'constructor valueOf', 'Hasownproperty AS')).toBeUndefined();
    expect(learnedAffinity(model, 'CONSTRUCTOR', 'Constructor Bygg AS')?.confirmations).toBe(1);
    expect(predictSupplier(trainModel([]), '__proto__ constructor')).toBeUndefined();
  });

  it('lifts the voucher of the learned supplier above an equal one, so it is connected instead of left ambiguous', () => {
    const transaction = { id: 1, date: '2025-06-10', amountOre: -45_000, text: 'VIPPS *KB 4411' };
    const vouchers = [
      { id: 10, date: '2025-06-08', amountOre: 45_000, supplierName: 'Kaffebrenneriet Oslo AS' },
      { id: 11, date: '2025-06-08', amountOre: 45_000, supplierName: 'Narvesen Oslo S' },
    ];
    const [untrained] = matchTransactions([transaction], vouchers);
    expect(untrained?.ambiguous).toBe(true);
    const learned = trainModel(Array.from({ length: 5 }, () => ({ ...kaffebar, text: 'VIPPS *KB 4411' })));
    const [trained] = matchTransactions([transaction], vouchers, { learned });
    expect(trained?.candidates[0]?.voucherId).toBe(10);
    expect(trained?.ambiguous).toBe(false);
    expect(trained?.candidates[0]?.reasons).toContainEqual({
      code: 'LEARNED',
      name: 'Kaffebrenneriet Oslo AS',
      confirmations: 5,
    });
  });
});
