import { loadNamespace } from '@/shared/i18n.ts';
import { RobotSessionsPage } from './RobotSessionsPage.tsx';

// Robot session records (`service/see/robot_session_record`): bot-only sessions and handoffs.
await Promise.all([loadNamespace('cs'), loadNamespace('csRobot')]);
export default RobotSessionsPage;
