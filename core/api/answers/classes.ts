import { z } from 'zod';
import { classType, deletedIds, facilityZone, invoiceFigures, named } from './core';

export { classType, invoiceFigures };

export const property = z.object({ key: z.string(), value: z.string() });

export const classRecord = z.object({
  ID: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  registration_start_date: z.number().int().nullable(),
  registration_end_date: z.number().int().nullable(),
  available_online: z.boolean(),
  accepts_free_trial: z.boolean(),
  require_membership: z.boolean(),
  max_kids: z.number(),
  fee: z.number().nullable(),
  facility_id: z.number().int(),
  is_camp: z.boolean(),
  is_container: z.boolean(),
  class_parent_id: z.number().int().nullable(),
  new_product_id: z.number().int().nullable(),
  product_id: z.number().int().nullable(),
  properties: z.array(property),
  quota: z.number().nullable(),
  CreatedAt: z.number().int(),
  UpdatedAt: z.number().int(),
});

export const classListRow = z.object({
  facility: facilityZone,
  participants: z.number(),
  class_type: classType,
  ...classRecord.shape,
  invoiced: z.number(),
  paid: z.number(),
  balance: z.number(),
});

export const classList = z.object({ classes: z.array(classListRow), nb_classes: z.number(), participants: z.number() });

export const activeClass = z.object({
  ID: z.number().int(),
  name: z.string(),
  facility_id: z.number().int(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  is_container: z.boolean(),
  accepts_free_trial: z.boolean(),
  max_kids: z.number(),
  attendees: z.number(),
  price: z.number(),
  divisions: z.array(z.object({
    ID: z.number().int(),
    name: z.string(),
    max_kids: z.number(),
    attendees: z.number(),
    price: z.number(),
  })),
});

export const classProduct = z.object({
  new_product_id: z.number().int(),
  product_id: z.number().int().nullable(),
  name: z.string(),
  gl_code: z.string(),
  product_type_id: z.number().int().nullable(),
  base_price: z.number(),
  individual_price: z.number(),
  prorate: z.boolean(),
  text: z.string(),
});

export const classPrice = z.object({
  price: z.number(),
  base: z.number(),
  per_event: z.number(),
  events_left: z.number(),
  fixed: z.boolean(),
  prorate: z.boolean(),
});

export const child = z.object({
  birthdate: z.number().int().nullable(),
  details: z.string().nullable(),
  ID: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const classPerson = z.object({
  ID: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/** A child enrolled in a class, with the parent. */
const enrolment = z.object({
  customer_id: z.number().int(),
  customer: child,
  parent: classPerson.nullable(),
  uniform_size: z.enum(['XXS', 'XS', 'S', 'M', 'L', 'XL']).nullable(),
});

/** Registered by staff or by the family from the portal (shown as Online). */
const registrationSource = z.enum(['staff', 'online']);

export const trialRow = z.object({
  event_id: z.number().int(),
  ID: z.number().int(),
  class_id: z.number().int(),
  ...enrolment.shape,
  CreatedAt: z.number().int(),
});

export const classEvent = z.object({
  ID: z.number().int(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  field_id: z.number().int(),
  field: named,
  product_type_id: z.number().int(),
  comment: z.string().nullable(),
  quota: z.number().nullable(),
  facility_id: z.number().int(),
  keep: z.boolean(),
  assistents: z.array(trialRow),
});

export const classDivision = z.object({
  ID: z.number().int(),
  name: z.string(),
  max_kids: z.number(),
  attendees: z.number(),
  coaches: z.array(z.string()),
  start_date: z.number().int(),
  end_date: z.number().int(),
});

export const attendee = z.object({
  ID: z.number().int(),
  class_id: z.number().int(),
  ...enrolment.shape,
  source: registrationSource,
  invoice_id: z.number().int().nullable(),
  invoice: invoiceFigures.nullable(),
  has_active_membership: z.boolean(),
  CreatedAt: z.number().int(),
});

export const waitlistRow = z.object({
  ID: z.number().int(),
  invoice: invoiceFigures.nullable(),
  invoice_id: z.number().int().nullable(),
  has_active_membership: z.boolean(),
  ...enrolment.shape,
  source: registrationSource,
  CreatedAt: z.number().int(),
});

export const classCoach = z.object({ worker_id: z.number().int(), name: z.string(), position: z.number() });

export const promotion = z.object({
  at: z.number(),
  customer_id: z.number().int(),
  name: z.string(),
  attendee_id: z.number().int(),
  invoice_id: z.number().int(),
  price: z.number(),
});

export const classDetail = z.object({
  class_parent: named.nullable(),
  newProduct: z.object({
    ID: z.number().int(),
    name: z.string(),
    gl: z.object({ code: z.string(), product_type_id: z.number().int().nullable() }),
    base_price: z.number(),
    individual_price: z.number(),
    prorate: z.boolean(),
  }).nullable(),
  price: classPrice,
  events: z.array(classEvent),
  divisions: z.array(classDivision),
  attendees: z.array(attendee),
  waitlists: z.array(waitlistRow),
  coaches: z.array(classCoach),
  promotions: z.array(promotion),
  expected: z.number(),
  ...classListRow.shape,
});

export const deleteClassAnswer = classRecord.extend({ message: z.string() });

export const facilityCoach = z.object({ id: z.number().int(), name: z.string(), title: z.string() });

export const registrationAnswer = z.object({
  ID: z.number().int(),
  class_id: z.number().int(),
  customer_id: z.number().int(),
  waitlisted: z.boolean(),
  invoice_id: z.number().int().nullable(),
  price: z.number(),
});

export const trialTarget = z.object({
  ID: z.number().int(),
  name: z.string(),
  is_container: z.boolean(),
  divisions: z.array(z.object({
    ID: z.number().int(),
    name: z.string(),
    events: z.array(z.object({ ID: z.number().int(), start_date: z.number().int(), end_date: z.number().int() })),
  })),
});

export const deleteClassEventAnswer = deletedIds;
