export { HomePage, HomePage as default } from './HomePage.tsx';
