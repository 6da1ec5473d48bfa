export { RedirectPage as default } from './RedirectPage.tsx';
