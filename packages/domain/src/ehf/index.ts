export { decodedBase64Length, EhfAttachment } from './attachment';
export { type EhfDocument, hasFatalProblems, parseEhf } from './ehf';
export { taxForRate } from './rule-values';
export { checkEhfRules } from './rules';
export type * from './types';
