import { defineModule } from '../../lib/server-module.ts';
import { holidayRoutes } from './holidays.ts';

/**
 * Holiday calendars per CP and region (page `/offline/holidays`). Other modules (customer
 * service's business hours, schedules that skip holidays) read them through `isHoliday` and
 * `holidaysBetween`.
 */
export const holidaysModule = defineModule({ name: 'holidays', routes: holidayRoutes });
export { holidayService, holidaysBetween, isHoliday, weekdayOf, type HolidayDay } from './holidays.ts';
export { holidays } from './tables.ts';
