// The loaders of one language's string bundles: a small chunk of its own, so the shell does not
// carry every language's list (it grows with every page's namespace).
export default import.meta.glob<Record<string, unknown>>(
  ['../../locales/tc/*.json', '!../../locales/tc/login.json'],
  {
    import: 'default',
  },
);
