import type { AutoImportTemplate, BankGroup } from '@bilag/contracts';

const bankGroupLabelKeys = {
  dnb: 'bankAdmin.groups.dnb',
  sparebank1: 'bankAdmin.groups.sparebank1',
  handelsbanken: 'bankAdmin.groups.handelsbanken',
  nordea: 'bankAdmin.groups.nordea',
  danske: 'bankAdmin.groups.danske',
  other: 'bankAdmin.groups.other',
} as const satisfies Record<BankGroup, string>;

const templateLabelKeys = {
  dnb: 'bankAdmin.templates.dnb',
  sparebank1: 'bankAdmin.templates.sparebank1',
  nordnorge: 'bankAdmin.templates.nordnorge',
} as const satisfies Record<AutoImportTemplate, string>;

export function bankGroupLabelKey(group: BankGroup) {
  return bankGroupLabelKeys[group];
}

export function templateLabelKey(template: AutoImportTemplate) {
  return templateLabelKeys[template];
}
