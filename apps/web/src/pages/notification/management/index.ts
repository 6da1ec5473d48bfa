export { default } from './NotificationPage.tsx';
