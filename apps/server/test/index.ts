/** What API test files use, from one place: `useTestApp` and the helpers beside it. */
export * from './helpers.ts';
export * from './api.ts';
export * from './use-test-app.ts';
export * from './describe-resource.ts';
export * from './game.ts';
export * from './ad-accounts.ts';
