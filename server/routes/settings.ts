import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { facilities, fees, taxes } from '../db/schema';
import { crud } from '../http/crud';

// References and settings (spec 1 §7): simple entities declared through the crud helper.

/** Trimmed text that must not be empty. */
const requiredText = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .min(1, 'is required')
  .max(200, 'is too long (200 characters at most)');

/** A percent: 8.875 means 8.875 %. */
const percent = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number (a percent)') })
  .min(0, 'cannot be negative')
  .max(100, 'is a percent and cannot be more than 100');

// Taxes and fees (spec 1 §3): a name and a value in percent, the same shape and rules.
const namePercent = z.strictObject({ name: requiredText, value: percent });

function namePercentCrud(app: FastifyInstance, resource: 'taxes' | 'fees', table: typeof taxes | typeof fees, paths: { list: string; item: string }) {
  crud(app, {
    resource,
    table,
    paths,
    create: namePercent,
    update: namePercent.partial(),
    searchable: ['name'],
    sortable: ['ID', 'name', 'value', 'CreatedAt', 'UpdatedAt'],
    defaultSort: ['name', 'ASC'],
  });
}

/** GET /taxes; POST /tax; GET, PUT, DELETE /tax/{id}. */
export async function taxRoutes(app: FastifyInstance) {
  namePercentCrud(app, 'taxes', taxes, { list: '/taxes', item: '/tax' });
}

/** GET /fees; POST /fee; GET, PUT, DELETE /fee/{id}. */
export async function feeRoutes(app: FastifyInstance) {
  namePercentCrud(app, 'fees', fees, { list: '/fees', item: '/fee' });
}

/** A fraction entered by the browser as a percent divided by 100 (0.08875 is 8.875 %). */
const fraction = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number (a fraction)') })
  .min(0, 'cannot be negative')
  .max(1, 'is a fraction and cannot be more than 1 (100 %)');

const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'must be a time zone such as America/New_York');

const facility = z.strictObject({
  name: requiredText,
  nickname: requiredText,
  address: requiredText,
  tax_rate: fraction,
  processing_fee: fraction.default(0),
  time_zone: timeZone.default('America/New_York'),
  active: z.boolean().default(true),
});

/**
 * GET /facility; POST /facility; GET, PUT /facility/{id}. Non-admins see and edit only their own
 * facility (the scope column of a facility is its own ID); only admins create or delete.
 */
export async function facilityRoutes(app: FastifyInstance) {
  crud(app, {
    resource: 'facilities',
    table: facilities,
    paths: { list: '/facility', item: '/facility' },
    create: facility,
    update: facility.partial(),
    searchable: ['name', 'nickname', 'address'],
    sortable: ['ID', 'name', 'nickname'],
    defaultSort: ['ID', 'ASC'],
    facilityScoped: 'ID',
  });
}
