export * from './bank-imports';
export * from './import-data-upload';
export * from './import-job';
export * from './import-transactions';
export * from './read-file-upload';
export * from './upload-import-file';
