export * from './dates';
export * from './routes';
export * from './schemas';
export * from './security-headers';
export * from './catalogue';
