export * from './money/decimal';
export * from './iso20022';
export * from './ehf';
export * from './xml/safe-xml';
export * from './files/sniff';
