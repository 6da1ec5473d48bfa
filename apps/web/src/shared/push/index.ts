/** The push task page, shared by every kind's catalogue page (app push, mini-program push). */
export { PushTasksPage } from './PushTasksPage.tsx';
