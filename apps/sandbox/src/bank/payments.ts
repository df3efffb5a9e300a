import {
  addDays,
  oreFromDecimal,
  validateAccountNumber,
  validateBic,
  validateIban,
  validateKid,
} from '@bilag/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findAccount } from '../platform/world';
import { BankError } from './errors';
import { ANSWER_HEADERS, bankOf, checkPsu, idempotency, startAuthorisation, v1 } from './initiation';
import { NOK_PER_UNIT, REASONS } from './lifecycle';
import { paymentStatusReport } from './pain002';
import {
  type AccountReference,
  accountReference,
  type BankId,
  bankHeaders,
  bankParams,
  type InitiationHeaders,
  identificationOf,
  initiationHeaders,
  instructedAmount,
  isoDate,
} from './protocol';
import {
  type BankState,
  PAYMENT_PRODUCTS,
  type PaymentLine,
  type PaymentProduct,
  type StoredPayment,
} from './state';

/** Payment initiation (NextGenPSD2 1.3, section 5): single and bulk credit transfers, status, cancellation. */

/** How far ahead a payment may be dated. */
const MAX_DAYS_AHEAD = 365;

const creditorAddress = z.strictObject({
  streetName: z.string().min(1).max(70).optional(),
  buildingNumber: z.string().min(1).max(16).optional(),
  townName: z.string().min(1).max(35).optional(),
  postCode: z.string().min(1).max(16).optional(),
  country: z.string().regex(/^[A-Z]{2}$/, { error: 'must be an ISO 3166 country code' }),
});

const paymentLineFields = {
  endToEndIdentification: z.string().min(1).max(35).optional(),
  instructedAmount,
  creditorAccount: accountReference,
  creditorName: z.string().trim().min(1).max(70),
  creditorAgent: z.string().max(11).optional(),
  creditorAddress: creditorAddress.optional(),
  remittanceInformationUnstructured: z.string().max(140).optional(),
  remittanceInformationStructured: z
    .strictObject({ reference: z.string().min(1).max(35), referenceType: z.literal('SCOR') })
    .optional(),
};

const paymentLine = z.object(paymentLineFields);

const singlePaymentBody = z.object({
  ...paymentLineFields,
  debtorAccount: accountReference,
  requestedExecutionDate: isoDate.optional(),
});

const bulkPaymentBody = z.object({
  batchBookingPreferred: z.boolean().optional(),
  debtorAccount: accountReference,
  requestedExecutionDate: isoDate.optional(),
  payments: z.array(paymentLine).min(1).max(500),
});

type PaymentService = 'payments' | 'bulk-payments';

/** What an initiation's body makes of a payment, once checked. */
type PaymentDraft = Pick<
  StoredPayment,
  'kind' | 'debtorAccount' | 'debtorBban' | 'requestedExecutionDate' | 'batchBookingPreferred' | 'lines'
>;
const SERVICES: readonly PaymentService[] = ['payments', 'bulk-payments'];

const productParams = bankParams.extend({ paymentProduct: z.string().min(1).max(100) });
const paymentParams = productParams.extend({ paymentId: z.string().min(1).max(100) });
const authorisationParams = paymentParams.extend({ authorisationId: z.string().min(1).max(100) });

function productOf(name: string): PaymentProduct {
  const product = PAYMENT_PRODUCTS.find((candidate) => candidate === name);
  if (!product) throw new BankError('PRODUCT_UNKNOWN', `The payment product ${name} is not offered.`);
  return product;
}

const compactAccount = (reference: AccountReference) => identificationOf(reference).replaceAll(' ', '');

/** The rules a bank checks before it accepts a credit transfer, per product (FORMAT_ERROR with the reason). */
function checkedLine(product: PaymentProduct, line: z.infer<typeof paymentLine>, where: string): PaymentLine {
  const refuse = (reason: string): never => {
    throw new BankError('FORMAT_ERROR', `${where}${reason}`);
  };
  const { currency, amount } = line.instructedAmount;
  const amountMinor = oreFromDecimal(amount);
  if (amountMinor <= 0) refuse('instructedAmount must be more than 0.');
  const account = line.creditorAccount;
  const kid = line.remittanceInformationStructured?.reference;
  if (kid !== undefined && line.remittanceInformationUnstructured !== undefined) {
    refuse('send either a structured reference (KID) or an unstructured message, not both.');
  }
  if (line.creditorAgent !== undefined && !validateBic(line.creditorAgent).valid) {
    refuse(`creditorAgent ${line.creditorAgent} is not a valid BIC.`);
  }
  const ibanIsValid = () => 'iban' in account && validateIban(account.iban).valid;
  switch (product) {
    case 'norwegian-domestic-credit-transfers':
      if (currency !== 'NOK') refuse('a domestic credit transfer is in NOK.');
      if (!('bban' in account) || !validateAccountNumber(account.bban).valid) {
        refuse(
          'creditorAccount must be a Norwegian account number (bban) of 11 digits with a valid check digit.',
        );
      }
      if (kid !== undefined && !validateKid(kid).valid) {
        refuse(`the KID ${kid} is not valid by MOD10 or MOD11.`);
      }
      break;
    case 'sepa-credit-transfers':
      if (currency !== 'EUR') refuse('a SEPA credit transfer is in EUR.');
      if (!ibanIsValid()) refuse('creditorAccount must be a valid IBAN.');
      break;
    case 'cross-border-credit-transfers':
      if (NOK_PER_UNIT[currency] === undefined) refuse(`the bank does not pay in ${currency}.`);
      if (
        'iban' in account
          ? !ibanIsValid()
          : !/^[A-Z0-9]{1,34}$/i.test(account.bban) ||
            line.creditorAgent === undefined ||
            !line.creditorAddress
      ) {
        refuse(
          'creditorAccount must be a valid IBAN, or an account number with creditorAgent (BIC) and creditorAddress.country.',
        );
      }
      break;
  }
  return {
    ...line,
    creditorAccount:
      'iban' in account ? { ...account, iban: compactAccount(account).toUpperCase() } : account,
    amountMinor,
  };
}

function checkedExecutionDate(state: BankState, date: string | undefined) {
  if (date === undefined) return;
  const today = state.today();
  if (date < today) throw new BankError('FORMAT_ERROR', `requestedExecutionDate ${date} is in the past.`);
  if (date > addDays(today, MAX_DAYS_AHEAD)) {
    throw new BankError('FORMAT_ERROR', `requestedExecutionDate ${date} is more than a year ahead.`);
  }
}

function debtorBbanAt(bankId: BankId, debtorAccount: AccountReference): string {
  const account = findAccount(bankId, compactAccount(debtorAccount).toUpperCase());
  if (!account) {
    throw new BankError(
      'FORMAT_ERROR',
      `debtorAccount ${identificationOf(debtorAccount)} is not an account at ${bankOf(bankId).name}.`,
    );
  }
  return account.bban;
}

function linksOf(service: PaymentService, payment: StoredPayment, authorisationId: string) {
  const self = v1(`/${service}/${payment.product}/${payment.id}`);
  return {
    self: { href: self },
    status: { href: `${self}/status` },
    scaStatus: { href: `${self}/authorisations/${authorisationId}` },
  };
}

/** The payment as it was initiated, in the protocol's words. */
function initiationOf(payment: StoredPayment) {
  const lineOf = ({ amountMinor: _amount, reasonCode: _reason, ...line }: PaymentLine) => line;
  const common = {
    debtorAccount: payment.debtorAccount,
    ...(payment.requestedExecutionDate ? { requestedExecutionDate: payment.requestedExecutionDate } : {}),
  };
  if (payment.kind === 'single' && payment.lines[0]) return { ...lineOf(payment.lines[0]), ...common };
  return {
    ...(payment.batchBookingPreferred === undefined
      ? {}
      : { batchBookingPreferred: payment.batchBookingPreferred }),
    ...common,
    payments: payment.lines.map(lineOf),
  };
}

function statusOf(payment: StoredPayment) {
  if (payment.status !== 'RJCT') return { transactionStatus: payment.status };
  const reasonCode = payment.reasonCode ?? 'MS03';
  const text = payment.reasonText ?? REASONS.MS03;
  return {
    transactionStatus: payment.status,
    reasonCode,
    tppMessages: [{ category: 'ERROR', code: 'PAYMENT_FAILED', text, reasonCode }],
  };
}

const wantsXml = (accept: string | undefined) =>
  accept !== undefined && /\b(application|text)\/xml\b/i.test(accept) && !/\bjson\b/i.test(accept);

export function registerPaymentRoutes(parent: FastifyInstance, state: BankState) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  function paymentAt(service: PaymentService, params: z.infer<typeof paymentParams>): StoredPayment {
    const product = productOf(params.paymentProduct);
    const payment = state.payments.get(params.paymentId);
    const kind = service === 'payments' ? 'single' : 'bulk';
    if (
      !payment ||
      payment.bankId !== params.bankId ||
      payment.product !== product ||
      payment.kind !== kind
    ) {
      throw new BankError('RESOURCE_UNKNOWN', 'The payment is unknown to this bank.');
    }
    return payment;
  }

  function initiate(
    request: FastifyRequest,
    reply: FastifyReply,
    service: PaymentService,
    params: z.infer<typeof productParams>,
    headers: InitiationHeaders,
    build: (product: PaymentProduct) => PaymentDraft,
  ) {
    const { bankId } = params;
    const product = productOf(params.paymentProduct);
    checkPsu(headers, bankOf(bankId));
    const idempotent = idempotency(state, request, headers, bankId);
    const repeated = idempotent.repeated(reply);
    if (repeated) return repeated;

    const now = state.now().toISOString();
    const payment: StoredPayment = {
      id: crypto.randomUUID(),
      bankId,
      product,
      status: 'RCVD',
      createdAt: now,
      statusChangedAt: now,
      authorisationIds: [],
      ...build(product),
      ...(headers['psu-corporate-id'] ? { psuCorporateId: headers['psu-corporate-id'] } : {}),
    };
    const { authorisation, scaRedirect } = startAuthorisation(state, request, headers, bankId, {
      kind: 'payment',
      id: payment.id,
    });
    payment.authorisationIds.push(authorisation.id);
    state.payments.set(payment.id, payment);
    state.changed();
    const answer = {
      transactionStatus: 'RCVD',
      paymentId: payment.id,
      _links: { scaRedirect: { href: scaRedirect }, ...linksOf(service, payment, authorisation.id) },
    };
    idempotent.remember(201, answer);
    return reply.code(201).headers(ANSWER_HEADERS).send(answer);
  }

  app.post(
    '/psd2/:bankId/v1/payments/:paymentProduct',
    {
      schema: {
        tags: ['bank'],
        summary:
          'Initiate a credit transfer (norwegian-domestic-credit-transfers, sepa-credit-transfers, cross-border-credit-transfers); the answer links to its SCA page',
        params: productParams,
        headers: initiationHeaders,
        body: singlePaymentBody,
      },
    },
    async (request, reply) =>
      initiate(request, reply, 'payments', request.params, request.headers, (product) => {
        const { debtorAccount, requestedExecutionDate, ...line } = request.body;
        const debtorBban = debtorBbanAt(request.params.bankId, debtorAccount);
        checkedExecutionDate(state, requestedExecutionDate);
        return {
          kind: 'single',
          debtorAccount,
          debtorBban,
          ...(requestedExecutionDate ? { requestedExecutionDate } : {}),
          lines: [checkedLine(product, line, '')],
        };
      }),
  );

  app.post(
    '/psd2/:bankId/v1/bulk-payments/:paymentProduct',
    {
      schema: {
        tags: ['bank'],
        summary: 'Initiate 1–500 credit transfers from one account as one bulk, with one status and one SCA',
        params: productParams,
        headers: initiationHeaders,
        body: bulkPaymentBody,
      },
    },
    async (request, reply) =>
      initiate(request, reply, 'bulk-payments', request.params, request.headers, (product) => {
        const { debtorAccount, requestedExecutionDate, batchBookingPreferred, payments } = request.body;
        const debtorBban = debtorBbanAt(request.params.bankId, debtorAccount);
        checkedExecutionDate(state, requestedExecutionDate);
        return {
          kind: 'bulk',
          debtorAccount,
          debtorBban,
          ...(requestedExecutionDate ? { requestedExecutionDate } : {}),
          ...(batchBookingPreferred === undefined ? {} : { batchBookingPreferred }),
          lines: payments.map((line, index) => checkedLine(product, line, `payments[${index}]: `)),
        };
      }),
  );

  for (const service of SERVICES) {
    const what = service === 'payments' ? 'payment' : 'bulk payment';

    app.get(
      `/psd2/:bankId/v1/${service}/:paymentProduct/:paymentId`,
      {
        schema: {
          tags: ['bank'],
          summary: `Read a ${what} as it was initiated, with its transaction status`,
          params: paymentParams,
          headers: bankHeaders,
        },
      },
      async (request) => {
        const payment = paymentAt(service, request.params);
        return { ...initiationOf(payment), transactionStatus: payment.status };
      },
    );

    app.get(
      `/psd2/:bankId/v1/${service}/:paymentProduct/:paymentId/status`,
      {
        schema: {
          tags: ['bank'],
          summary: `Read a ${what}'s transaction status (RCVD, ACTC, ACSC, RJCT with reason, CANC); Accept: application/xml gives a pain.002.001.03 status report`,
          params: paymentParams,
          headers: bankHeaders,
        },
      },
      async (request, reply) => {
        const payment = paymentAt(service, request.params);
        if (wantsXml(request.headers.accept)) {
          return reply.type('application/xml; charset=utf-8').send(paymentStatusReport(payment, state.now()));
        }
        return statusOf(payment);
      },
    );

    app.get(
      `/psd2/:bankId/v1/${service}/:paymentProduct/:paymentId/authorisations`,
      {
        schema: {
          tags: ['bank'],
          summary: `List a ${what}'s SCA authorisations`,
          params: paymentParams,
          headers: bankHeaders,
        },
      },
      async (request) => ({ authorisationIds: paymentAt(service, request.params).authorisationIds }),
    );

    app.get(
      `/psd2/:bankId/v1/${service}/:paymentProduct/:paymentId/authorisations/:authorisationId`,
      {
        schema: {
          tags: ['bank'],
          summary: `Read a ${what} authorisation's SCA status`,
          params: authorisationParams,
          headers: bankHeaders,
        },
      },
      async (request) => {
        const payment = paymentAt(service, request.params);
        const authorisation = state.authorisations.get(request.params.authorisationId);
        if (!authorisation || !payment.authorisationIds.includes(authorisation.id)) {
          throw new BankError('RESOURCE_UNKNOWN', 'The authorisation is unknown for this payment.');
        }
        return { scaStatus: authorisation.scaStatus };
      },
    );

    app.delete(
      `/psd2/:bankId/v1/${service}/:paymentProduct/:paymentId`,
      {
        schema: {
          tags: ['bank'],
          summary: `Cancel a ${what} that has not executed (RCVD, or ACTC dated ahead); CANC`,
          params: paymentParams,
          headers: bankHeaders,
        },
      },
      async (request, reply) => {
        const payment = paymentAt(service, request.params);
        const today = state.today();
        const cancellable =
          payment.status === 'RCVD' ||
          (payment.status === 'ACTC' && payment.executionDate !== undefined && payment.executionDate > today);
        if (!cancellable) {
          throw new BankError(
            'CANCELLATION_INVALID',
            `The payment is ${payment.status} and can no longer be cancelled.`,
          );
        }
        payment.status = 'CANC';
        payment.reasonCode = 'DS02';
        payment.reasonText = REASONS.DS02;
        payment.statusChangedAt = state.now().toISOString();
        for (const authorisationId of payment.authorisationIds) {
          const authorisation = state.authorisations.get(authorisationId);
          if (authorisation && authorisation.scaStatus !== 'finalised') authorisation.scaStatus = 'failed';
        }
        state.changed();
        return reply.code(204).send();
      },
    );
  }
}
