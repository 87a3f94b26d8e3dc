import dayjs from 'dayjs';
import '../../core/time';
import { bearer, defineScenario } from './types';

// The calendar's hot calls (spec 2 §7) for Brooklyn (facility 1, New York): this week's events, the
// conflicts look-ahead, and the availability of 52 weekly repeats of a 19:00 game.

const now = () => Math.floor(Date.now() / 1000);
const monday = () => dayjs.unix(now()).tz('America/New_York').startOf('week').add(1, 'day');

export const calendarWeek = defineScenario({
  name: 'calendar-week',
  description: 'GET /event, one facility, one week (manager)',
  budgetP95Ms: 25,
  setup: (ctx) => ctx.token('manager'),
  request: (ctx, token) => {
    const start = monday().unix();
    return ctx.call(`/api/event?start=${start}&end=${start + 7 * 86400}`, bearer(token));
  },
});

export const calendarConflicts = defineScenario({
  name: 'calendar-conflicts',
  description: 'GET /event/conflicts, the next 20 days (manager)',
  budgetP95Ms: 25,
  setup: (ctx) => ctx.token('manager'),
  request: (ctx, token) => ctx.call('/api/event/conflicts', bearer(token)),
});

export const availability52 = defineScenario({
  name: 'availability-52-weeks',
  description: 'POST /event/recurrent, 52 weekly repeats (manager)',
  budgetP95Ms: 100,
  setup: (ctx) => ctx.token('manager'),
  request: (ctx, token) => {
    const start = monday().hour(19).unix();
    const body = { field_id: 1, start_date: start, end_date: start + 3600, repeat: { method: 'weekly', frequency: 1, end_method: 'count', count: 52, weekday: 1 } };
    return ctx.call('/api/event/recurrent', { method: 'POST', body: JSON.stringify(body), headers: { ...bearer(token).headers, 'content-type': 'application/json' } });
  },
});
