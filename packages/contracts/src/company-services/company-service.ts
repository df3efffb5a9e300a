import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';

const tags = ['company services'];
const base = `${ApiPrefix.main}/company-services`;

/**
 * The services a company has: payments (the payment list, baskets and sending to the bank), EHF
 * receiving through the PEPPOL access point, vouchers received by e-mail, and the bank connection
 * (consents and automatic bank sync, sold by ZTL).
 */
export const COMPANY_SERVICE_KEYS = ['payments', 'ehf', 'email', 'bank-sync'] as const;
export const CompanyServiceKey = z.enum(COMPANY_SERVICE_KEYS);
export type CompanyServiceKey = z.infer<typeof CompanyServiceKey>;

/**
 * How a service is turned on and off: `switch` here, both ways; `sold` is turned off here and on again
 * only by buying it; `access-point` is on while the company is registered at the PEPPOL access point,
 * which administrators do on the EHF page.
 */
export const COMPANY_SERVICE_CONTROLS = ['switch', 'sold', 'access-point'] as const;
export const CompanyServiceControl = z.enum(COMPANY_SERVICE_CONTROLS);
export type CompanyServiceControl = z.infer<typeof CompanyServiceControl>;

export const COMPANY_SERVICE_CONTROL: Record<CompanyServiceKey, CompanyServiceControl> = {
  payments: 'switch',
  ehf: 'access-point',
  email: 'switch',
  'bank-sync': 'sold',
};

/** The services whose state the product keeps itself; every company starts with them on. */
export const LOCAL_SERVICE_KEYS = [
  'payments',
  'email',
  'bank-sync',
] as const satisfies readonly CompanyServiceKey[];
export const LocalServiceKey = z.enum(LOCAL_SERVICE_KEYS);
export type LocalServiceKey = z.infer<typeof LocalServiceKey>;

/** The service the ZTL purchase (`buy-ztl-service`) turns on. */
export const ZTL_SERVICE: LocalServiceKey = 'bank-sync';

export const CompanyService = z.object({
  service: CompanyServiceKey,
  control: CompanyServiceControl,
  /** Null when the access point could not be asked. */
  isOn: z.boolean().nullable(),
  /** Never changed: the service stands as every company starts, since the company was created. */
  isDefault: z.boolean(),
  /** When it was last turned on or off (for a default, when the company was created); null when unknown. */
  since: z.string().nullable(),
  /** Who last turned it on or off; null for a default or where nobody in the product did. */
  changedByName: z.string().nullable(),
  /** The last purchase of a sold service. */
  boughtAt: z.string().nullable(),
  boughtByName: z.string().nullable(),
  /** Where the service receives: the company's address for vouchers by e-mail, its organisation number at the access point. */
  receivingAddress: z.string().nullable(),
});
export type CompanyService = z.infer<typeof CompanyService>;

export const CompanyServiceList = z.object({
  companyId: z.number().int(),
  services: z.array(CompanyService),
});
export type CompanyServiceList = z.infer<typeof CompanyServiceList>;

/** The catalogue's company service: whether payments are on for the company (`id` is the company's). */
export const PaymentServiceStatus = z.object({
  id: z.number().int(),
  isPaymentOn: z.boolean(),
  since: z.string().nullable(),
  changedByName: z.string().nullable(),
});
export type PaymentServiceStatus = z.infer<typeof PaymentServiceStatus>;

/** What the menu needs: which services its areas depend on are on (the payment areas need payments). */
export const MenuServices = z.object({
  companyId: z.number().int(),
  services: z.array(z.object({ service: LocalServiceKey, isOn: z.boolean() })),
});
export type MenuServices = z.infer<typeof MenuServices>;

const CompanyQuery = z.object({ companyId: Id });

export const listCompanyServices = route({
  method: 'GET',
  path: `${base}/fetchAll`,
  access: 'company',
  action: 'services.view',
  query: CompanyQuery,
  reply: envelope(CompanyServiceList),
  summary: "The company's services: on or off, since when, who changed them, and how each is turned on",
  tags,
});

export const listActiveCompanyServices = route({
  method: 'GET',
  path: `${base}/list-active-services`,
  access: 'company',
  action: 'services.view',
  query: CompanyQuery,
  reply: envelope(z.array(CompanyServiceKey)),
  summary: 'The services that are on for the company',
  tags,
});

export const menuServices = route({
  method: 'GET',
  path: `${base}/menu-services`,
  access: 'company',
  // Every member who opens the company sees its menu.
  action: 'dashboard.view',
  query: CompanyQuery,
  reply: envelope(MenuServices),
  summary: 'Which services the menu areas depend on are on, so the menu shows only what works',
  tags,
});

export const getPaymentServiceStatus = route({
  method: 'GET',
  path: `${base}/payment-status`,
  access: 'company',
  action: 'services.view',
  query: CompanyQuery,
  reply: envelope(PaymentServiceStatus),
  summary: 'Whether payments are on for the company (isPaymentOn)',
  tags,
});

export const SetPaymentServiceStatusRequest = z.object({ companyId: Id, isPaymentOn: z.boolean() });
export type SetPaymentServiceStatusRequest = z.infer<typeof SetPaymentServiceStatusRequest>;

export const setPaymentServiceStatus = route({
  method: 'PUT',
  path: `${base}/payment-status`,
  access: 'company',
  action: 'services.edit',
  body: SetPaymentServiceStatusRequest,
  reply: envelope(PaymentServiceStatus),
  summary:
    'Turn payments on or off for the company; while off, every payment call answers 403 and the payment menu is hidden',
  tags,
});

export const AddCompanyServiceRequest = z.object({ companyId: Id, service: CompanyServiceKey });
export type AddCompanyServiceRequest = z.infer<typeof AddCompanyServiceRequest>;

export const addCompanyService = route({
  method: 'POST',
  path: `${base}/add`,
  access: 'company',
  action: 'services.edit',
  body: AddCompanyServiceRequest,
  reply: envelope(CompanyService),
  summary: 'Turn a service on (a sold service that is off is bought instead, with buy-ztl-service)',
  tags,
});

export const UpdateCompanyServiceRequest = z.object({
  companyId: Id,
  service: CompanyServiceKey,
  isOn: z.boolean(),
});
export type UpdateCompanyServiceRequest = z.infer<typeof UpdateCompanyServiceRequest>;

export const updateCompanyService = route({
  method: 'POST',
  path: `${base}/update`,
  access: 'company',
  action: 'services.edit',
  body: UpdateCompanyServiceRequest,
  reply: envelope(CompanyService),
  summary: 'Turn a service on or off; asking for the state it is already in changes nothing',
  tags,
});

export const buyZtlService = route({
  method: 'POST',
  path: `${base}/buy-ztl-service`,
  access: 'company',
  action: 'services.edit',
  body: CompanyQuery,
  reply: envelope(CompanyService),
  idempotent: true,
  summary:
    'Buy the bank connection (ZTL) for the company: it is turned on at once and the purchase recorded with who and when',
  tags,
});
