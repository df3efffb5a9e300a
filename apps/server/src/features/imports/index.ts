export { OccurrenceCounter, rowFingerprint } from './fingerprint';
export { lockAccountAdditions } from './import.repository';
export { importRoutes } from './import.routes';
export { failInterruptedImports } from './import.service';
