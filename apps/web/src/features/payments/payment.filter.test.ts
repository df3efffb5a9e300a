import { type PaymentStatistics, PaymentStatus, PaymentType } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import {
  dateRange,
  InternalTransferSearch,
  internalTransferQuery,
  NO_DATE_PARAM,
  oneMonthBefore,
  PaymentListSearch,
  paymentListQuery,
  paymentUrlFilter,
  statusChange,
  statusWithRows,
} from './payment.filter';

const today = '2025-03-31';
const definition = paymentUrlFilter(PaymentListSearch, () => today);

function statistics(counts: Record<number, number>): PaymentStatistics {
  return {
    counts: Object.entries(counts).map(([status, total]) => ({
      Status: Number(status) as PaymentStatus,
      Total: total,
    })),
    totals: [],
    totalFailed: 0,
  };
}

describe('the payment filter in the address', () => {
  it('starts on the payments waiting for approval, due-date order, from a month ago', () => {
    const filter = definition.read(new URLSearchParams());
    expect(filter).toMatchObject({
      status: 0,
      from: '2025-02-28',
      to: undefined,
      sortType: 'asc',
      pageSize: 20,
    });
  });

  it('keeps a from date the person cleared, instead of going back to a month ago', () => {
    const cleared = definition.write({ ...definition.defaults, from: undefined }, new URLSearchParams());
    expect(cleared.get('from')).toBe(NO_DATE_PARAM);
    expect(definition.read(cleared).from).toBeUndefined();
  });

  it('leaves defaults out of the address and reads back what it wrote', () => {
    const filter = { ...definition.defaults, status: 3 as const, to: '2025-03-15', keyword: 'Posten' };
    const params = definition.write(filter, new URLSearchParams('company=7'));
    expect(params.has('from')).toBe(false);
    expect(params.get('company')).toBe('7');
    expect(definition.read(params)).toEqual(filter);
  });

  it('falls back to the default for a status that is not a tab', () => {
    expect(definition.read(new URLSearchParams('status=4001')).status).toBe(0);
    expect(definition.read(new URLSearchParams('status=abc')).status).toBe(0);
  });

  it('lists internal transfers ten a page, newest first', () => {
    const transfers = paymentUrlFilter(InternalTransferSearch, () => today);
    expect(transfers.defaults).toMatchObject({ pageSize: 10, sortType: 'desc' });
  });
});

describe('a month before', () => {
  it('takes the same day, or the last day of a shorter month', () => {
    expect(oneMonthBefore('2025-06-15')).toBe('2025-05-15');
    expect(oneMonthBefore('2025-03-31')).toBe('2025-02-28');
    expect(oneMonthBefore('2024-03-30')).toBe('2024-02-29');
    expect(oneMonthBefore('2025-01-10')).toBe('2024-12-10');
  });
});

describe('what the list is asked', () => {
  it('drops the date range unless both ends are set', () => {
    expect(dateRange({ from: '2025-01-01', to: undefined })).toEqual({});
    expect(dateRange({ from: undefined, to: '2025-01-01' })).toEqual({});
    expect(dateRange({ from: '2025-01-01', to: '2025-01-31' })).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
    });
  });

  it('asks for the status of the tab and the payment type of the page', () => {
    const query = paymentListQuery({ ...definition.defaults, status: 2 }, PaymentType.INTERNATIONAL);
    expect(query).toMatchObject({ statuses: [2], paymentType: 1, pageSize: 20 });
    expect(query).not.toHaveProperty('from');
    expect(query).not.toHaveProperty('status');
    expect(internalTransferQuery(definition.defaults)).not.toHaveProperty('paymentType');
  });
});

describe('status tabs', () => {
  const filter = definition.defaults;

  it('shows paid payments newest first, and the others in the list order again', () => {
    expect(statusChange(filter, PaymentStatus.PAID, 'asc')).toEqual({ status: 3, sortType: 'desc' });
    expect(statusChange({ ...filter, status: 3 }, PaymentStatus.FAILED, 'asc')).toEqual({
      status: 2,
      sortType: 'asc',
    });
    expect(statusChange(filter, PaymentStatus.FOR_APPROVE, 'asc')).toEqual({});
  });

  it('moves to the first status with payments when the one shown has none', () => {
    expect(statusWithRows(statistics({ 0: 0, 1: 0, 2: 4, 3: 9 }), 0, undefined)).toBe(2);
  });

  it('stays where there are payments, where there are none at all, or where the person chose to be', () => {
    expect(statusWithRows(statistics({ 0: 1, 3: 9 }), 0, undefined)).toBeUndefined();
    expect(statusWithRows(statistics({}), 0, undefined)).toBeUndefined();
    expect(statusWithRows(statistics({ 0: 0, 3: 9 }), 0, 0)).toBeUndefined();
    expect(statusWithRows(undefined, 0, undefined)).toBeUndefined();
  });
});
