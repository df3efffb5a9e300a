import type { DocumentKind } from './identifiers';

/**
 * Companies on the PEPPOL network that are served by other access points: they receive EHF there
 * (so the SMP knows them) and they send the example documents to the product's companies. The
 * organisation numbers are synthetic but pass the mod 11 check; the accounts pass theirs.
 */
export type NetworkParticipant = {
  organisationNumber: string;
  name: string;
  street: string;
  postalZone: string;
  city: string;
  /** What its own access point has registered for it in the SMP. */
  documentTypes: readonly DocumentKind[];
  /** Where it is paid: a Norwegian account number (BBAN) and its bank's BIC. */
  account: { bban: string; bic: string };
  contact: { name: string; email: string; phone: string };
  /** When it joined the network, as the PEPPOL Directory shows it. */
  registeredOn: string;
};

export const KONTORKOMPANIET_NORD: NetworkParticipant = {
  organisationNumber: '915734022',
  name: 'Kontorkompaniet Nord AS',
  street: 'Storgata 88',
  postalZone: '9008',
  city: 'Tromsø',
  documentTypes: ['invoice', 'creditnote'],
  account: { bban: '15062213342', bic: 'DNBANOKK' },
  contact: { name: 'Ingrid Hansen', email: 'faktura@kontorkompaniet.example', phone: '+47 77 60 12 00' },
  registeredOn: '2019-03-14',
};

export const FJORDHOTELLET_KONFERANSE: NetworkParticipant = {
  organisationNumber: '928456137',
  name: 'Fjordhotellet Konferanse AS',
  street: 'Kaivegen 2',
  postalZone: '6899',
  city: 'Balestrand',
  documentTypes: ['invoice', 'creditnote'],
  account: { bban: '32084712905', bic: 'SPSONO22' },
  contact: { name: 'Magnus Berge', email: 'post@fjordhotellet.example', phone: '+47 57 69 11 00' },
  registeredOn: '2020-09-01',
};

export const KRAFTLAGET_VEST: NetworkParticipant = {
  organisationNumber: '813774240',
  name: 'Kraftlaget Vest AS',
  street: 'Kanalveien 51',
  postalZone: '5068',
  city: 'Bergen',
  documentTypes: ['invoice', 'creditnote'],
  account: { bban: '97104552130', bic: 'HANDNOKK' },
  contact: { name: 'Kundeservice', email: 'kundeservice@kraftlaget.example', phone: '+47 55 00 40 00' },
  registeredOn: '2018-01-22',
};

/** A receiver that takes invoices only, to see a credit note refused for want of an SMP entry. */
export const SOLBERG_EIENDOM: NetworkParticipant = {
  organisationNumber: '996718557',
  name: 'Solberg Eiendom AS',
  street: 'Dronningens gate 15',
  postalZone: '7011',
  city: 'Trondheim',
  documentTypes: ['invoice'],
  account: { bban: '12073377453', bic: 'DNBANOKK' },
  contact: { name: 'Siri Solberg', email: 'regnskap@solbergeiendom.example', phone: '+47 73 10 20 30' },
  registeredOn: '2021-06-30',
};

export const NETWORK_PARTICIPANTS: readonly NetworkParticipant[] = [
  KONTORKOMPANIET_NORD,
  FJORDHOTELLET_KONFERANSE,
  KRAFTLAGET_VEST,
  SOLBERG_EIENDOM,
];

export function findNetworkParticipant(organisationNumber: string): NetworkParticipant | undefined {
  return NETWORK_PARTICIPANTS.find((participant) => participant.organisationNumber === organisationNumber);
}
