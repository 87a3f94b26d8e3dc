import { z } from 'zod';
import { customer, customerName, customerSummary, facilityZone, file, membershipRow, named } from './core';

export { customer, customerName, customerSummary, file };

export const duplicateMatch = z.enum(['email', 'phone', 'name_birthdate']);

export const duplicateCustomer = customerSummary.extend({
  matched: z.array(duplicateMatch),
});

export const linkFamilyAnswer = z.object({
  ID: z.number().int(),
  parent_id: z.number().int(),
  child_id: z.number().int(),
  relation: z.string(),
  child: customerSummary,
});

export const familyMember = z.object({
  ID: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_kid: z.boolean(),
});

export const familyLink = z.object({
  ID: z.number().int(),
  parent_id: z.number().int(),
  child_id: z.number().int(),
  relation: z.string(),
  parent: familyMember,
  child: familyMember,
});

export const suspension = z.object({
  ID: z.number().int(),
  customer_id: z.number().int(),
  from: z.number(),
  until: z.number(),
  foul: z.string(),
  notes: z.string(),
});

export const person = z.object({ ID: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() });

export const eplayer = z.object({
  ID: z.number().int(),
  customer_id: z.number().int(),
  console_id: z.string(),
  console: z.enum(['PS4', 'XBOX']),
  discord_username: z.string(),
});

export const membership = z.object({
  valid: z.boolean(),
  holder: customerName,
  product: named.nullable(),
  ...membershipRow.shape,
});

export const customerProfileRecord = z.object({
  facility: facilityZone.nullable(),
  last_invoice_date: z.number().int().nullable(),
  totals: z.object({ invoiced: z.number(), paid: z.number(), balance: z.number() }),
  suspended: z.boolean(),
  suspensions: z.array(suspension),
  family: z.array(z.object({
    ID: z.number().int(),
    parent_id: z.number().int(),
    child_id: z.number().int(),
    relation: z.string(),
    parent: person,
    child: person,
  })),
  eplayer: eplayer.nullable(),
  memberships: z.array(membership),
  hubspot: z.boolean(),
  ...customer.shape,
});

export const updateCustomerEmailAnswer = z.object({ message: z.string(), email: z.string() });

export const mergeCustomersAnswer = z.object({ ID: z.number().int(), merged: z.array(z.number()) });

export const hubspotLinkAnswer = z.object({ link: z.string() });

export const hubspotListAnswer = z.object({ data: z.string(), name: z.string(), contacts: z.number(), link: z.string() });

export const contractSummary = z.object({
  ID: z.number().int(),
  name: z.string(),
  facility_id: z.number().int(),
  fee: z.number(),
  deposit: z.number(),
  signed: z.boolean(),
  sent: z.boolean(),
  CreatedAt: z.number().int(),
  product_type: named,
});

export const classPlace = z.object({
  ID: z.number().int(),
  class_id: z.number().int(),
  customer_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  uniform_size: z.string().nullable(),
  invoice_id: z.number().int().nullable(),
  CreatedAt: z.number().int(),
  class: z.object({
    ID: z.number().int(),
    name: z.string(),
    start_date: z.number().int(),
    end_date: z.number().int(),
    facility_id: z.number().int(),
    is_camp: z.boolean(),
  }),
});

export const trialPlace = z.object({
  ID: z.number().int(),
  class_id: z.number().int(),
  event_id: z.number().int(),
  customer_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  CreatedAt: z.number().int(),
  class: named,
  event: z.object({ ID: z.number().int(), start_date: z.number().int(), end_date: z.number().int() }),
});

export const trialSession = z.object({
  class: z.object({ ID: z.number().int(), name: z.string(), facility_id: z.number().int() }),
  event: z.object({ ID: z.number().int(), start_date: z.number().int(), end_date: z.number().int() }),
  field: named,
});

export const addTrialAnswer = z.object({
  ID: z.number().int(),
  class_id: z.number().int(),
  customer_id: z.number().int(),
  CreatedAt: z.number().int(),
  parent_id: z.number().int().nullable(),
  event_id: z.number().int(),
});
