import { describe, expect, it } from 'vitest';
import { formatUsPhone, normalizeUsPhone, STAFF_PHONE_MESSAGE } from '../../core/validation/phone';
import { displayEmail } from '../../core/validation/display';
import { confirmSchema, signupFormSchema, staffCreateSchema, STAFF_MESSAGES } from '../../core/validation/staff';

describe('normalizeUsPhone', () => {
  it.each([
    ['2125550100', '+12125550100'],
    ['212-555-0100', '+12125550100'],
    ['(212) 555.0100', '+12125550100'],
    [' 212 555 0100 ', '+12125550100'],
    ['12125550100', '+12125550100'],
    ['1-212-555-0100', '+12125550100'],
    ['+1 212 555 0100', '+12125550100'],
    ['+12125550100', '+12125550100'],
    ['111-222-3333', '+11112223333'],
  ])('reads %j as %s', (input, expected) => {
    expect(normalizeUsPhone(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['555-0100', 'too short'],
    ['22125550100', '11 digits not starting with 1'],
    ['212555010099', 'too long'],
    ['212-555-01OO', 'letters'],
    ['212/555/0100', 'a separator that is not allowed'],
    ['2+12125550100', 'a + that is not leading'],
  ])('refuses %j (%s)', (input) => {
    expect(normalizeUsPhone(input)).toBeNull();
  });
});

describe('staff form schemas', () => {
  const signup = { first_name: 'Ana', last_name: 'Lima', phone: '212 555 0100', password: 'long enough', confirm_password: 'long enough' };

  it('normalizes the phone of a valid signup', () => {
    expect(signupFormSchema.parse(signup).phone).toBe('+12125550100');
  });

  it("gives the spec's messages on the signup form", () => {
    const message = (data: object) => signupFormSchema.safeParse({ ...signup, ...data }).error?.issues[0].message;
    expect(message({ first_name: '  ' })).toBe('Please fill out all the fields');
    expect(message({ phone: '' })).toBe('Please fill out all the fields');
    expect(message({ phone: '555-0100' })).toBe(STAFF_PHONE_MESSAGE);
    expect(STAFF_PHONE_MESSAGE).toBe('The phone number must have format: 111-222-3333');
    expect(message({ confirm_password: 'something else' })).toBe('Passwords do not match');
    expect(message({ password: 'short', confirm_password: 'short' })).toBe(STAFF_MESSAGES.passwordTooShort);
  });

  it('refuses unknown fields on confirm, and a missing field with the fill-out message', () => {
    const { confirm_password: _c, ...fields } = signup;
    expect(confirmSchema.safeParse({ id: 1, token: 't', ...fields }).success).toBe(true);
    expect(confirmSchema.safeParse({ id: 1, token: 't', ...fields, admin: true }).success).toBe(false);
    const { last_name: _l, ...missing } = fields;
    expect(confirmSchema.safeParse({ id: 1, token: 't', ...missing }).error?.issues[0].message).toBe('Please fill out all the fields');
  });

  it('lets a staff member be created without a phone, but not with a bad one or no user type', () => {
    expect(staffCreateSchema.parse({ email: ' New@Touchline.TEST ', user_type: 'mod' })).toEqual({
      email: 'new@touchline.test', user_type: 'mod', first_name: '', last_name: '', phone: '',
    });
    expect(staffCreateSchema.safeParse({ email: 'a@b.co', user_type: 'mod', phone: '12' }).error?.issues[0].message).toBe(STAFF_PHONE_MESSAGE);
    expect(staffCreateSchema.safeParse({ email: 'a@b.co' }).error?.issues[0].message).toBe('Please select a valid user type');
    expect(staffCreateSchema.safeParse({ email: 'a@b.co', user_type: 'owner' }).error?.issues[0].message).toBe('Please select a valid user type');
  });
});

describe('formatUsPhone', () => {
  it.each([
    ['+17185557880', '(718) 555-7880'],
    ['718-555-7880', '(718) 555-7880'],
    ['1 718 555 7880', '(718) 555-7880'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['', ''],
  ])('shows %j as %j', (input, expected) => {
    expect(formatUsPhone(input)).toBe(expected);
  });
});

describe('displayEmail', () => {
  it("shows a child's '##' email as the parent's address, flagged", () => {
    expect(displayEmail('ana@example.com##42')).toEqual({ address: 'ana@example.com', child: true });
    expect(displayEmail('ana@example.com')).toEqual({ address: 'ana@example.com', child: false });
  });
});
