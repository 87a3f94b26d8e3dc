export { ParticipantWizard, type ParticipantWizardProps } from './ParticipantWizard';
export { findParentOnRecord, submitParticipant, validateWizard, type ParticipantDraft, type ParticipantResult, type WizardState } from './participant';
