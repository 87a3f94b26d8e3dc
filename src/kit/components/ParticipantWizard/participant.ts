import { CUSTOMER_TYPE_ADULT } from '../../../../core/constants';
import { formatBirthdate, readBirthdate } from '../../../../core/validation/display';
import {
  CUSTOMER_MESSAGES, findChildParent, parseChildBirthdate, validateAdultForm, validateChildForm, validateExistingSelection,
  validateParentSelection, type AdultForm, type ChildForm, type ChildGender, type CustomerCreateInput, type WizardErrors,
} from '../../../../core/validation/customer';
import type { CustomerSummary, DuplicateQuery, FamilyLink, TouchlineDataProvider } from '../../../../dataProvider';

// The add-participant wizard's logic, apart from its form (spec 1 §2, §4, §5; spec 3 §5): what it
// validates on each tab, and the calls that make a participant — an existing adult, an existing child
// with a parent on record, a new adult, or a new child with its parent (created first when new), the
// child, and the family link that gives the child its '##' email.

export type Mode = 'existing' | 'new';

export interface WizardState {
  tab: 'adult' | 'child';
  /** Adult tab: pick an adult or type a new one (adultForm). */
  adultMode: Mode;
  pickedAdult: CustomerSummary | null;
  /** Child tab: pick a child, or type a new one (childForm) and give it a parent. */
  childMode: Mode;
  pickedChild: CustomerSummary | null;
  childForm: ChildForm;
  /** The new child's parent: picked, or typed in adultForm. */
  parentMode: Mode;
  parent: CustomerSummary | null;
  /** The new adult of the adult tab, or the new parent of the child tab. */
  adultForm: AdultForm;
}

export const initialWizardState: WizardState = {
  tab: 'adult',
  adultMode: 'new',
  pickedAdult: null,
  childMode: 'new',
  pickedChild: null,
  childForm: { first_name: '', last_name: '', birthdate: '', gender: '' },
  parentMode: 'existing',
  parent: null,
  adultForm: { first_name: '', last_name: '', email: '', phone: '' },
};

export interface ParticipantResult {
  /** The participant: the adult, or the child. */
  customer: CustomerSummary;
  /** A child's parent (null for an adult). */
  parent: Pick<CustomerSummary, 'ID' | 'email'> | null;
  /** Whether the wizard created the participant (rather than picking an existing one). */
  created: boolean;
}

/** Every error of the current tab and choices, each on its field or selection. */
export function validateWizard(state: WizardState, today: number): WizardErrors {
  if (state.tab === 'adult') {
    return state.adultMode === 'existing' ? validateExistingSelection(state.pickedAdult) : validateAdultForm(state.adultForm);
  }
  if (state.childMode === 'existing') return validateExistingSelection(state.pickedChild);
  return {
    ...validateChildForm(state.childForm, today),
    ...(state.parentMode === 'existing' ? validateParentSelection(state.parent) : validateAdultForm(state.adultForm)),
  };
}

/** A birth date typed in the reader's order, as the API reads it (M/D/YYYY); what cannot be read as typed. */
function apiBirthdate(text: string): string {
  const birth = readBirthdate(text);
  return birth === null ? text : formatBirthdate(birth);
}

/**
 * What to compare against existing customers before saving (issue 8 item 7): the new adult, or the new
 * child by name and birth date plus a new parent's email and phone; null when nothing new is created.
 */
export function duplicateQuery(state: WizardState): Omit<DuplicateQuery, 'facility_id'> | null {
  const { first_name, last_name, email, phone } = state.adultForm;
  if (state.tab === 'adult') return state.adultMode === 'new' ? { first_name, last_name, email, phone } : null;
  if (state.childMode === 'existing') return null;
  const child = state.childForm;
  return {
    // The API reads the birth date month first, whatever the reader's order.
    first_name: child.first_name, last_name: child.last_name, birthdate: apiBirthdate(child.birthdate),
    ...(state.parentMode === 'new' ? { email, phone } : {}),
  };
}

/**
 * Spec 3 §5: an existing child joins a team or class only with a parent on record, i.e. a family
 * parent whose email is the part of the child's email before '#'. The parent, or null (then show
 * CUSTOMER_MESSAGES.noParent).
 */
export async function findParentOnRecord(dataProvider: Pick<TouchlineDataProvider, 'getFamily'>, child: Pick<CustomerSummary, 'ID' | 'email'>): Promise<FamilyLink['parent'] | null> {
  const links = await dataProvider.getFamily(child.ID);
  return findChildParent(child, links.filter((link) => link.child_id === child.ID).map((link) => link.parent));
}

type Outcome = { errors: WizardErrors } | { result: ParticipantResult };

/** The new adult of the adult tab, or the new parent of the child tab, as POST /customer takes it. */
const adultInput = (state: WizardState, facility_id?: number): CustomerCreateInput =>
  ({ ...state.adultForm, customer_type_id: CUSTOMER_TYPE_ADULT, is_kid: false, ...(facility_id ? { facility_id } : {}) });

/** The new child of the child tab, as POST /customer takes it. */
function childInput(state: WizardState, today: number, parentEmail: string, facility_id?: number): CustomerCreateInput {
  const { first_name, last_name, birthdate, gender } = state.childForm;
  return { first_name, last_name, is_kid: true, gender: gender as ChildGender, birthdate: parseChildBirthdate(birthdate, today)!, parent_email: parentEmail, ...(facility_id ? { facility_id } : {}) };
}

/**
 * Validates, then makes the participant. `facility_id` is where new customers go (the server keeps
 * non-admins in their own facility whatever is sent). Call failures reject (the caller's error dialog);
 * `onParentCreated` hears of a new parent at once, so that a retry after a failure picks it instead
 * of creating it twice.
 */
export async function submitParticipant(
  dataProvider: TouchlineDataProvider,
  state: WizardState,
  { facility_id, today, onParentCreated }: { facility_id: number; today: number; onParentCreated?: (parent: CustomerSummary) => void },
): Promise<Outcome> {
  const errors = validateWizard(state, today);
  if (Object.keys(errors).length) return { errors };
  const newAdult = () => dataProvider.createCustomer(adultInput(state, facility_id));

  if (state.tab === 'adult') {
    if (state.adultMode === 'existing') return { result: { customer: state.pickedAdult!, parent: null, created: false } };
    return { result: { customer: await newAdult(), parent: null, created: true } };
  }
  if (state.childMode === 'existing') return existingChild(dataProvider, state.pickedChild!);
  let parent = state.parent!;
  if (state.parentMode === 'new') {
    parent = await newAdult();
    onParentCreated?.(parent);
  }
  const child = await dataProvider.createCustomer(childInput(state, today, parent.email, facility_id));
  const link = await dataProvider.linkFamily({ parent_id: parent.ID, child_id: child.ID });
  return { result: { customer: link.child, parent, created: true } };
}

async function existingChild(dataProvider: TouchlineDataProvider, child: CustomerSummary): Promise<Outcome> {
  const parent = await findParentOnRecord(dataProvider, child);
  if (!parent) return { errors: { existing: CUSTOMER_MESSAGES.noParent } };
  return { result: { customer: child, parent, created: false } };
}

/**
 * The participant chosen, nothing created yet (issue 41 item 7): an existing customer (a child with
 * its parent on record), or the new customers a later call creates with what they are for (POST
 * /class/registration's new_participant), so that cancelling leaves nobody behind.
 */
export interface ParticipantDraft {
  /** The participant's name, as the next step shows it. */
  name: string;
  /** An existing participant; absent with new_participant. */
  customer_id?: number;
  /** A child's parent on record (existing child, or a new child's existing parent). */
  parent_id: number | null;
  new_participant?: { customer: CustomerCreateInput; parent?: CustomerCreateInput };
}

/** Validates and names the participant without creating anyone (reads only: an existing child's parent on record). */
export async function draftParticipant(dataProvider: TouchlineDataProvider, state: WizardState, today: number): Promise<{ errors: WizardErrors } | { draft: ParticipantDraft }> {
  const errors = validateWizard(state, today);
  if (Object.keys(errors).length) return { errors };
  const name = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();
  if (state.tab === 'adult') {
    if (state.adultMode === 'existing') return { draft: { name: name(state.pickedAdult!), customer_id: state.pickedAdult!.ID, parent_id: null } };
    return { draft: { name: name(state.adultForm), parent_id: null, new_participant: { customer: adultInput(state) } } };
  }
  if (state.childMode === 'existing') {
    const outcome = await existingChild(dataProvider, state.pickedChild!);
    if ('errors' in outcome) return outcome;
    return { draft: { name: name(outcome.result.customer), customer_id: outcome.result.customer.ID, parent_id: outcome.result.parent!.ID } };
  }
  const child = name(state.childForm);
  if (state.parentMode === 'existing') {
    return { draft: { name: child, parent_id: state.parent!.ID, new_participant: { customer: childInput(state, today, state.parent!.email) } } };
  }
  return { draft: { name: child, parent_id: null, new_participant: { customer: childInput(state, today, ''), parent: adultInput(state) } } };
}
