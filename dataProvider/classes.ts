import * as classes from '../core/api/classes';
import type { ActiveClass, Attendee, ClassCoach, ClassDetail, ClassEvent, ClassList, ClassProduct, ClassRecord, FacilityCoach, RegistrationAnswer, TrialRow, WaitlistRow } from '../core/api/classes';
import { createCall, keyed } from './call';
import type { HttpClient } from './httpClient';

// Class and camp calls (spec 3 §7 "Classes"), through their declarations in core/api/classes.ts, mixed
// into the dataProvider (./index.ts). The `classes` resource's list answers `classes` and `nb_classes`
// (not a plain array): getList of that resource goes through classList here.

export type {
  ActiveClass, Attendee, ClassCoach, ClassDetail, ClassDivision, ClassEvent, ClassList, ClassListRow, ClassPrice, ClassProduct, ClassRecord,
  FacilityCoach, ClassPerson, Promotion, RegistrationAnswer, TrialRow, UniformSize, WaitlistRow,
} from '../core/api/classes';

export interface ClassSearch { facility_ids?: number[]; start?: number; end?: number; query?: string; container_only?: boolean }
export interface ClassEventInput { field_id: number; product_type_id?: number; start_date: number; end_date: number; comment?: string; quota?: number | null }

export interface ClassMethods {
  classList(search: ClassSearch & { limit: number; offset: number }): Promise<ClassList>;
  getClass(id: number): Promise<ClassDetail>;
  activeClasses(query?: { facility_id?: number; container_only?: boolean }): Promise<ActiveClass[]>;
  classProducts(query?: { facility_id?: number; gl_prefix?: string }): Promise<ClassProduct[]>;
  createClass(body: classes.ClassBody, idempotencyKey?: string): Promise<ClassRecord>;
  updateClass(id: number, body: classes.ClassUpdate): Promise<ClassRecord>;
  deleteClass(id: number): Promise<ClassRecord & { message: string }>;
  setClassCoaches(classId: number, coaches: number[]): Promise<ClassCoach[]>;
  facilityCoaches(facilityId: number): Promise<FacilityCoach[]>;
  registerChild(body: { parent_id?: number | null; price: number; attendee: { class_id: number; customer_id: number }; waitlist?: boolean }, idempotencyKey?: string): Promise<RegistrationAnswer>;
  unregister(attendeeId: number): Promise<Attendee>;
  moveRegistration(attendeeId: number, oldClassId: number, newClassId: number): Promise<Attendee>;
  updateAttendee(attendeeId: number, uniform_size: Attendee['uniform_size']): Promise<Attendee>;
  deleteWaitlist(id: number): Promise<WaitlistRow>;
  convertWaitlist(id: number): Promise<RegistrationAnswer>;
  deleteTrial(id: number): Promise<TrialRow>;
  moveTrial(id: number, body: { class_id: number; event_id: number }): Promise<TrialRow>;
  createClassEvent(classId: number, event: ClassEventInput, keep: boolean, idempotencyKey?: string): Promise<ClassEvent>;
  updateClassEvent(id: number, event: Partial<ClassEventInput>): Promise<ClassEvent>;
  deleteClassEvent(id: number): Promise<{ deleted: number[] }>;
}

export function classMethods(apiUrl: string, client: HttpClient): ClassMethods {
  const call = createCall(client, apiUrl);
  return {
    classList: (query) => call(classes.classList, { query }),
    getClass: (id) => call(classes.getClass, { params: { id } }),
    activeClasses: (query = {}) => call(classes.activeClasses, { query }),
    classProducts: (query = {}) => call(classes.classProducts, { query }),
    createClass: (body, key) => call(classes.createClass, { body }, keyed(key)),
    updateClass: (id, body) => call(classes.updateClass, { params: { id }, body }),
    deleteClass: (id) => call(classes.deleteClass, { params: { id } }),
    setClassCoaches: (class_id, coaches) => call(classes.setClassCoaches, { body: { class_id, coaches } }),
    facilityCoaches: (id) => call(classes.facilityCoaches, { params: { id } }),
    registerChild: (body, key) => call(classes.register, { body }, keyed(key)),
    unregister: (id) => call(classes.unregister, { params: { id } }),
    moveRegistration: (attendeeId, old_class_id, new_class_id) => call(classes.moveRegistration, { params: { attendeeId }, query: { new_class_id, old_class_id } }),
    updateAttendee: (id, uniform_size) => call(classes.updateAttendee, { params: { id }, body: { uniform_size } }),
    deleteWaitlist: (id) => call(classes.deleteWaitlist, { params: { id } }),
    convertWaitlist: (id) => call(classes.convertWaitlist, { params: { id } }),
    deleteTrial: (id) => call(classes.deleteTrial, { params: { id } }),
    moveTrial: (id, body) => call(classes.moveTrial, { params: { id }, body }),
    createClassEvent: (class_id, event, keep, key) => call(keep ? classes.forceClassEvent : classes.createClassEvent, { body: { class_id, ...event } }, keyed(key)),
    updateClassEvent: (id, event) => call(classes.updateClassEvent, { params: { id }, body: event }),
    deleteClassEvent: (id) => call(classes.deleteClassEvent, { params: { id } }),
  };
}
