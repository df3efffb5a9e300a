import type { SandboxContext } from '../platform/context';
import type { DocumentKind } from './identifiers';
import { findNetworkParticipant, NETWORK_PARTICIPANTS } from './network';

/** A company the product registered with this access point, to receive EHF at its webhook. */
export type Customer = {
  organisationNumber: string;
  name: string;
  webhookUrl: string;
  documentTypes: DocumentKind[];
  registeredAt: string;
  updatedAt: string;
};

/** Whoever the SMP knows: a customer of this access point, or a company served by another one. */
export type KnownParticipant =
  | {
      servedBy: 'this-access-point';
      organisationNumber: string;
      name: string;
      documentTypes: DocumentKind[];
      registeredOn: string;
      customer: Customer;
    }
  | {
      servedBy: 'network';
      organisationNumber: string;
      name: string;
      documentTypes: DocumentKind[];
      registeredOn: string;
    };

export type Registration =
  | { outcome: 'created' | 'updated'; customer: Customer }
  | { outcome: 'registered-elsewhere'; name: string };

export type Registry = ReturnType<typeof createRegistry>;

/**
 * The access point's SMP entries. A participant is registered at one access point at a time, so a
 * company served by another access point on the network cannot be registered here.
 */
export function createRegistry(context: SandboxContext) {
  const customers = context.store.collection<Customer>('peppolParticipants');

  function find(organisationNumber: string): KnownParticipant | undefined {
    const customer = customers.get(organisationNumber);
    if (customer) {
      return {
        servedBy: 'this-access-point',
        organisationNumber,
        name: customer.name,
        documentTypes: customer.documentTypes,
        registeredOn: customer.registeredAt.slice(0, 10),
        customer,
      };
    }
    const elsewhere = findNetworkParticipant(organisationNumber);
    return elsewhere
      ? {
          servedBy: 'network',
          organisationNumber,
          name: elsewhere.name,
          documentTypes: [...elsewhere.documentTypes],
          registeredOn: elsewhere.registeredOn,
        }
      : undefined;
  }

  return {
    find,
    findCustomer: (organisationNumber: string) => customers.get(organisationNumber),
    /** This access point's customers, in the order they registered. */
    customers: () => [...customers.values()],
    /** Everyone a document can be sent to: customers first, then the rest of the network. */
    receivers(): KnownParticipant[] {
      const known = [...customers.keys(), ...NETWORK_PARTICIPANTS.map((entry) => entry.organisationNumber)];
      return known.map(find).filter((entry) => entry !== undefined);
    },
    /** Registers the company, or changes its registration: asking twice is harmless. */
    register(input: {
      organisationNumber: string;
      name: string;
      webhookUrl: string;
      documentTypes: DocumentKind[];
    }): Registration {
      const elsewhere = findNetworkParticipant(input.organisationNumber);
      if (elsewhere) return { outcome: 'registered-elsewhere', name: elsewhere.name };
      const now = context.clock.now().toISOString();
      const existing = customers.get(input.organisationNumber);
      const customer: Customer = {
        ...input,
        registeredAt: existing?.registeredAt ?? now,
        updatedAt: now,
      };
      customers.set(input.organisationNumber, customer);
      context.store.changed();
      return { outcome: existing ? 'updated' : 'created', customer };
    },
    unregister(organisationNumber: string): boolean {
      const removed = customers.delete(organisationNumber);
      if (removed) context.store.changed();
      return removed;
    },
  };
}
