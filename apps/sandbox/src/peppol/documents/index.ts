import { conferenceInvoice } from './conference-invoice';
import { electricityCreditNote } from './electricity-credit-note';
import { electricityInvoice } from './electricity-invoice';
import type { ExampleDocument } from './example';
import { officeSuppliesInvoice } from './office-supplies-invoice';

export type { ExampleContext, ExampleDocument } from './example';

/** The sandbox's own EHF documents, written for whichever receiver they are sent to. */
export const EXAMPLE_DOCUMENTS: readonly ExampleDocument[] = [
  officeSuppliesInvoice,
  electricityInvoice,
  conferenceInvoice,
  electricityCreditNote,
];

export function findExampleDocument(id: string): ExampleDocument | undefined {
  return EXAMPLE_DOCUMENTS.find((example) => example.id === id);
}
