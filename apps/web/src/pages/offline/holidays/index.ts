import { loadNamespace } from '@/shared/i18n.ts';
import { HolidaysPage } from './HolidaysPage.tsx';

// Holidays (`offline/see/holiday`): the CP's holiday calendars per region.
await loadNamespace('holidays');
export default HolidaysPage;
