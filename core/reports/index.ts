export * from './financial';
export * from './schemas';
export * from './fiscal';
