export { ParticipantWizard, type ParticipantWizardProps } from './ParticipantWizard';
export { findParentOnRecord, submitParticipant, validateWizard, type ParticipantResult, type WizardState } from './participant';
