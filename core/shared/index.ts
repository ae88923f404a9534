export * from './errors';
export * from './money';
export * from './clock';
export * from './ids';
export * from './text';
export * from './lookup';
