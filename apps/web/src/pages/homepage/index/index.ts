import { loadNamespace } from '@/shared/i18n.ts';
import { HomePage } from './HomePage.tsx';

// Home (`see/home`); operations are named as the operation log names them.
await Promise.all([loadNamespace('home'), loadNamespace('oplog')]);
export { HomePage };
export default HomePage;
