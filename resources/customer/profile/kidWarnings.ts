import { emailBeforeMarker, isKidCustomer } from '../../../core/validation/customer';
import type { CustomerProfile } from '../../../dataProvider';

// The four membership warnings shown on a child's profile (spec 1 §2): parents exist (memberships go
// through the parent's email); no parents although the email is a child's; several parents; the
// child's email not matching its parent's.

export type KidWarning =
  | { key: 'parent_email'; email: string }
  | { key: 'no_parent'; email: string }
  | { key: 'multiple_parents'; count: number }
  | { key: 'email_mismatch'; email: string };


export function kidWarnings(customer: Pick<CustomerProfile, 'ID' | 'is_kid' | 'email' | 'family'>): KidWarning[] {
  if (!isKidCustomer(customer)) return [];
  const parents = customer.family.filter((link) => link.child_id === customer.ID).map((link) => link.parent);
  if (parents.length === 0) return customer.email.includes('##') ? [{ key: 'no_parent', email: emailBeforeMarker(customer.email) }] : [];
  const warnings: KidWarning[] = [{ key: 'parent_email', email: parents[0].email }];
  if (parents.length > 1) warnings.push({ key: 'multiple_parents', count: parents.length });
  const own = emailBeforeMarker(customer.email);
  if (parents.every((parent) => parent.email.trim().toLowerCase() !== own)) warnings.push({ key: 'email_mismatch', email: parents[0].email });
  return warnings;
}
