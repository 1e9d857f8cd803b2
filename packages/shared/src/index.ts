export * from './dates';
export * from './routes';
export * from './schemas';
export * from './security-headers';
export * from './catalogue';
export * from './messages';
export * from './renewal';
export * from './runtime-config';
