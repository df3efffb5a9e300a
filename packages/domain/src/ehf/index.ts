export { decodedBase64Length, EhfAttachment } from './attachment';
export { findEhfProblems, taxForRate } from './checks';
export { type EhfDocument, parseEhf } from './ehf';
export type * from './types';
