// The class and camp types the browser shows (spec 3 §7 "Classes"). Their calls go through their
// declarations in core/api/classes.ts: the `classes` resource's verbs (classEntity) and the class
// page's declared reads and writes (src/kit/entity/useDeclared.ts).

export type {
  ActiveClass, Attendee, ClassCoach, ClassDetail, ClassDivision, ClassEvent, ClassList, ClassListRow, ClassPrice, ClassProduct, ClassRecord,
  FacilityCoach, ClassPerson, Promotion, RegistrationAnswer, TrialRow, TrialTarget, UniformSize, WaitlistRow,
} from '../core/api/classes';
