import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MISSING_SAMPLES_MESSAGE, samplePath } from '../__fixtures__/public-samples';
import { validateAccountNumber } from './account-number';
import { validateBic } from './bic';
import { validateIban } from './iban';
import { validateKid } from './kid';
import { validateOrganisationNumber, validateVatNumber } from './organisation-number';

interface TestVector {
  kind: string;
  value: string;
  valid: boolean;
  source: string;
  check?: 'mod10' | 'mod11';
  note?: string;
}

const vectorsPath = samplePath('test-vectors.json');
const hasVectors = existsSync(vectorsPath);
const vectors: TestVector[] = hasVectors ? JSON.parse(readFileSync(vectorsPath, 'utf8')) : [];

const VALIDATORS: Readonly<Record<string, (value: string) => { valid: boolean }>> = {
  no_account_number: validateAccountNumber,
  kid: validateKid,
  no_org_number: validateOrganisationNumber,
  no_vat_number: validateVatNumber,
  iban: validateIban,
  bic: validateBic,
};

describe.skipIf(!hasVectors)(
  `public test vectors (${hasVectors ? vectorsPath : MISSING_SAMPLES_MESSAGE})`,
  () => {
    it('has a validator for every kind of vector', () => {
      expect(vectors.length).toBeGreaterThan(0);
      for (const vector of vectors) expect(VALIDATORS[vector.kind], vector.kind).toBeDefined();
    });

    it.each(vectors.map((vector) => [vector.kind, vector.value, vector.valid, vector] as const))(
      '%s "%s" is valid: %s',
      (kind, value, valid, vector) => {
        const validate = VALIDATORS[kind];
        expect(validate?.(value).valid, `${vector.source} ${vector.note ?? ''}`).toBe(valid);
        if (kind === 'kid' && valid && vector.check) {
          expect(validateKid(value).algorithms).toContain(vector.check.toUpperCase());
        }
      },
    );
  },
);
