import { describe, expect, it } from 'vitest';
import {
  childEmail, customerCreateSchema, CUSTOMER_MESSAGES, emailBeforeMarker, findChildParent, isValidCustomerEmail,
  parseBirthdate, parseChildBirthdate, validateAdultForm, validateChildForm, validateExistingSelection, validateParentSelection,
} from '../../core/validation/customer';
import { ageInYears, formatBirthdate } from '../../core/validation/display';

// The new-customer rules of spec 1 §5 and the parent rule of spec 3 §5, shared by the wizard and POST /customer.

const at = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
const TODAY = at('2026-11-21');

describe('birth dates', () => {
  it('reads M/D/YYYY and MM/DD/YYYY as UTC midnight, and refuses other shapes and impossible days', () => {
    expect(parseBirthdate('3/7/2015')).toBe(at('2015-03-07'));
    expect(parseBirthdate('03/07/2015')).toBe(at('2015-03-07'));
    expect(parseBirthdate(' 12/31/2010 ')).toBe(at('2010-12-31'));
    for (const bad of ['2015-03-07', '3/7/15', '13/1/2015', '2/29/2015', '2/30/2016', '0/10/2015', '3/7/2015x', '']) {
      expect(parseBirthdate(bad), bad).toBeNull();
    }
    expect(parseBirthdate('2/29/2016')).toBe(at('2016-02-29'));
    expect(formatBirthdate(at('2015-03-07'))).toBe('3/7/2015');
  });

  it('counts whole years, the birthday itself included', () => {
    expect(ageInYears(at('2016-11-21'), TODAY)).toBe(10);
    expect(ageInYears(at('2016-11-22'), TODAY)).toBe(9);
  });

  it('accepts children aged 1 to 18 inclusive', () => {
    expect(parseChildBirthdate('11/21/2025', TODAY)).toBe(at('2025-11-21')); // 1 today
    expect(parseChildBirthdate('11/22/2025', TODAY)).toBeNull(); // 0 until tomorrow
    expect(parseChildBirthdate('11/22/2007', TODAY)).toBe(at('2007-11-22')); // 18 until tomorrow
    expect(parseChildBirthdate('11/21/2007', TODAY)).toBeNull(); // 19 today
  });
});

describe('emails', () => {
  it("refuses a '##' marker and bad addresses", () => {
    expect(isValidCustomerEmail('dana@example.com')).toBe(true);
    expect(isValidCustomerEmail('dana@example.com##12')).toBe(false);
    expect(isValidCustomerEmail('dana@example')).toBe(false);
    expect(isValidCustomerEmail('')).toBe(false);
  });

  it('builds a child’s email and finds its parent by the part before #', () => {
    expect(childEmail('dana@example.com', 12)).toBe('dana@example.com##12');
    expect(emailBeforeMarker('Dana@Example.com##12')).toBe('dana@example.com');
    const parents = [{ ID: 1, email: 'other@example.com' }, { ID: 2, email: 'Dana@example.com' }];
    expect(findChildParent({ email: 'dana@example.com##12' }, parents)).toEqual(parents[1]);
    expect(findChildParent({ email: 'lost@example.com##12' }, parents)).toBeNull();
    expect(findChildParent({ email: '' }, [{ ID: 3, email: '' }])).toBeNull();
  });
});

describe('the wizard’s forms', () => {
  it('flags each adult field with its message', () => {
    expect(validateAdultForm({ first_name: ' ', last_name: '', email: 'a@b##1', phone: '555' })).toEqual({
      'adult.first_name': 'Required', 'adult.last_name': 'Required', 'adult.email': 'Valid Email Required',
      'adult.phone': 'Valid Phone Number Required (ex: 111 222 3333)',
    });
    expect(validateAdultForm({ first_name: 'Dana', last_name: 'Rivers', email: 'dana@example.com', phone: '(212) 555-0100' })).toEqual({});
  });

  it('flags each child field with its message', () => {
    expect(validateChildForm({ first_name: '', last_name: 'R', birthdate: '11/21/2007', gender: 'Male' }, TODAY)).toEqual({
      'child.first_name': 'Required', 'child.birthdate': 'Valid Child Birthdate Required', 'child.gender': 'Required',
    });
    expect(validateChildForm({ first_name: 'Milo', last_name: 'R', birthdate: '1/5/2018', gender: 'Boy' }, TODAY)).toEqual({});
  });

  it('needs a parent with an ID and an email, and an existing selection with an ID', () => {
    expect(validateParentSelection(null)).toEqual({ parent: 'Required' });
    expect(validateParentSelection({ ID: 4, email: '' })).toEqual({ parent: 'Required' });
    expect(validateParentSelection({ ID: 4, email: 'dana@example.com' })).toEqual({});
    expect(validateExistingSelection(null)).toEqual({ existing: 'Required' });
    expect(validateExistingSelection({ ID: 4 })).toEqual({});
  });
});

describe('POST /customer body', () => {
  const schema = customerCreateSchema(() => TODAY);
  it('normalises an adult and defaults the customer type', () => {
    const parsed = schema.parse({ first_name: ' Dana ', last_name: 'Rivers', email: 'Dana@Example.com', phone: '212-555-0100' });
    expect(parsed).toMatchObject({ first_name: 'Dana', email: 'dana@example.com', phone: '+12125550100', customer_type_id: 1, is_kid: false, birthdate: null, gender: '' });
  });

  it('takes a child’s birth date as seconds or text, and checks the age and gender', () => {
    expect(schema.parse({ first_name: 'M', last_name: 'R', is_kid: true, gender: 'Girl', birthdate: '1/5/2018' })).toMatchObject({ birthdate: at('2018-01-05'), customer_type_id: 2 });
    const result = schema.safeParse({ first_name: 'M', last_name: 'R', is_kid: true, birthdate: at('2000-01-01') });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['birthdate', CUSTOMER_MESSAGES.childBirthdate], ['gender', CUSTOMER_MESSAGES.required],
    ]);
  });
});
