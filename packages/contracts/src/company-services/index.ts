export * from './company-service';
export * from './division';
