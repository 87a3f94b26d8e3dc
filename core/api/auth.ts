import type { z } from 'zod';
import { confirmSchema, describeStaffIssues, forgotSchema, loginSchema } from '../validation/staff';
import { endpoint } from './endpoint';
import * as answers from './answers/auth';

// Staff sign-in (spec 1 §7), at the root rather than under /api: signing in and out, the session
// check, finishing a signup or a password reset from the mailed link, and asking for that link. A
// failure the spec words itself ('Please fill out all the fields' …) is said alone, word for word.

/** A session just opened: the bearer token, the account's real type and its facility. */
export type OpenedSession = z.output<typeof answers.openedSession>;

/** GET /check's answer: who the token belongs to. */
export type StaffIdentity = z.output<typeof answers.staffIdentity>;

export const login = endpoint<OpenedSession & { user: Pick<StaffIdentity, 'ID' | 'email' | 'first_name' | 'last_name'> }>()({
  method: 'POST',
  path: '/user/login',
  root: true,
  summary: 'Signs in (401 with errors.msg "Wrong email/password combination" for any failure; 429 after too many)',
  permission: 'public',
  body: loginSchema,
  describe: describeStaffIssues,
  answer: answers.loginAnswer,
});

export const check = endpoint<StaffIdentity>()({
  method: 'GET',
  path: '/check',
  root: true,
  summary: 'The signed-in staff member behind the bearer token',
  permission: 'signedIn',
  answer: answers.staffIdentity,
});

export const logout = endpoint<void>()({
  method: 'POST',
  path: '/user/logout',
  root: true,
  summary: 'Ends the session of the bearer token (204)',
  permission: 'signedIn',
  answer: answers.logoutAnswer,
});

export const confirmSignup = endpoint<OpenedSession>()({
  method: 'POST',
  path: '/user/confirm',
  root: true,
  summary: "Finishes a signup or a password reset from the mailed link's id and token, and opens a session",
  permission: 'public',
  body: confirmSchema,
  describe: describeStaffIssues,
  answer: answers.openedSession,
});

export const requestPasswordReset = endpoint<{ message: string }>()({
  method: 'POST',
  path: '/user/reset',
  root: true,
  summary: 'Mails a link to set a new password; the answer never tells whether the email has an account',
  permission: 'public',
  query: forgotSchema,
  describe: describeStaffIssues,
  answer: answers.requestPasswordResetAnswer,
});
