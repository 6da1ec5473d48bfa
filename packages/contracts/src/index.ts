export * from './languages.ts';
export * from './errors.ts';
export * from './validation.ts';
export * from './acs.ts';
export * from './pages.ts';
export * from './notifications.ts';
