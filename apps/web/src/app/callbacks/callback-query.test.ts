import { describe, expect, it } from 'vitest';
import {
  readPaymentCancelQuery,
  readPaymentScaQuery,
  readSignCancelQuery,
  readSignNextQuery,
  safeAppPath,
} from './callback-query';

const basket = '3f2b8c1e-9d4a-4f6b-8a2e-1c5d7e9f0a12';
const flow = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';

function query(text: string) {
  return new URLSearchParams(text);
}

describe('the signing return (/sign-next)', () => {
  const signant =
    'action=signant-auth&bankGroup=dnb&companyBankIds=4,5&accountNumbers=15030123457,15039876547&organisationNumber=923456783';

  it('reads a bank verification: the accounts, the bank group and the company', () => {
    expect(readSignNextQuery(query(signant))).toEqual({
      action: 'signant-auth',
      bankGroup: 'dnb',
      organisationNumber: '923456783',
      companyBankIds: [4, 5],
      accountNumbers: ['15030123457', '15039876547'],
      basketUUID: undefined,
    });
  });

  it('reads the lists written as repeated parameters too', () => {
    const repeated =
      'action=signant-auth&bankGroup=sparebank1&companyBankIds=4&companyBankIds=5&accountNumbers=32010456788&accountNumbers=32010998874&organisationNumber=912345678';
    expect(readSignNextQuery(query(repeated))).toMatchObject({
      companyBankIds: [4, 5],
      accountNumbers: ['32010456788', '32010998874'],
    });
  });

  it('reads the basket a signing approves', () => {
    expect(readSignNextQuery(query(`${signant}&basketUUID=${basket}`))).toMatchObject({ basketUUID: basket });
    expect(readSignNextQuery(query(`action=payment-auth&basketUUID=${basket}`))).toEqual({
      action: 'payment-auth',
      basketUUID: basket,
    });
  });

  it('answers an unknown action, a missing basket or a broken signing return with nothing (404)', () => {
    for (const text of [
      '',
      'action=something-else',
      `action=Payment-auth&basketUUID=${basket}`,
      'action=payment-auth',
      'action=payment-auth&basketUUID=b-1',
      'action=signant-auth',
      signant.replace('bankGroup=dnb', 'bankGroup=nordea'),
      signant.replace('organisationNumber=923456783', 'organisationNumber=92345678'),
      signant.replace('companyBankIds=4,5', 'companyBankIds=4'),
      signant.replace('companyBankIds=4,5', 'companyBankIds=4,x'),
      signant.replace('15039876547', '1503987654'),
      `${signant}&basketUUID=not-a-basket`,
    ])
      expect(readSignNextQuery(query(text)), text).toBeUndefined();
  });
});

describe('the cancelled signing (/sign-cancel)', () => {
  it('does nothing but report a cancelled bank verification', () => {
    expect(readSignCancelQuery(query('action=signant-auth'))).toEqual({ action: 'signant-auth' });
    expect(readSignCancelQuery(query(`action=signant-auth&basketUUID=${basket}`))).toEqual({
      action: 'signant-auth',
    });
  });

  it('cancels the basket of a payment signing', () => {
    expect(readSignCancelQuery(query(`action=payment-auth&basketUUID=${basket}`))).toEqual({
      action: 'payment-auth',
      basketUUID: basket,
    });
  });

  it('answers an unknown action or a payment signing without its basket with nothing (404)', () => {
    for (const text of ['', 'action=other', 'action=payment-auth', 'action=payment-auth&basketUUID=1'])
      expect(readSignCancelQuery(query(text)), text).toBeUndefined();
  });
});

describe("the bank's return from its SCA page", () => {
  it('passes every parameter on, and reads the flow, the basket and the way back', () => {
    expect(
      readPaymentScaQuery(query(`flowId=${flow}&basketUUID=${basket}&status=ok&pathname=%2Fnordlys%2Fbank`)),
    ).toEqual({
      flowId: flow,
      basketUUID: basket,
      query: { flowId: flow, basketUUID: basket, status: 'ok', pathname: '/nordlys/bank' },
      returnPath: '/nordlys/bank',
    });
  });

  it('goes nowhere but our own pages', () => {
    for (const pathname of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
    ])
      expect(
        readPaymentScaQuery(query(`flowId=${flow}&pathname=${encodeURIComponent(pathname)}`))?.returnPath,
      ).toBe(undefined);
  });

  it('cannot act without the flow it returns from', () => {
    expect(readPaymentScaQuery(query('status=ok'))).toBeUndefined();
    expect(readPaymentScaQuery(query('flowId=f-1'))).toBeUndefined();
  });
});

describe("the bank's return from a cancelled payment", () => {
  it('records the cancellation only when the bank says it succeeded', () => {
    expect(readPaymentCancelQuery(query(`flowId=${flow}&paymentId=91&status=success&alias=nordlys`))).toEqual(
      {
        isSuccess: true,
        flowId: flow,
        alias: 'nordlys',
        query: { flowId: flow, paymentId: '91', status: 'success', alias: 'nordlys' },
      },
    );
    expect(readPaymentCancelQuery(query(`flowId=${flow}&status=failed`)).isSuccess).toBe(false);
    expect(readPaymentCancelQuery(query(`flowId=${flow}&status=SUCCESS`)).isSuccess).toBe(false);
  });

  it('reads a missing alias or flow as unknown', () => {
    expect(readPaymentCancelQuery(query('status=success&alias=%20'))).toMatchObject({
      flowId: undefined,
      alias: undefined,
    });
  });
});

describe('paths to go to', () => {
  it('accepts a path of this app only', () => {
    expect(safeAppPath('/nordlys/payments/payment-list')).toBe('/nordlys/payments/payment-list');
    expect(safeAppPath('/')).toBe('/');
    for (const value of [null, undefined, '', 'nordlys', '//evil.example', '/\\evil.example', 'https://x.no'])
      expect(safeAppPath(value)).toBeUndefined();
  });
});
