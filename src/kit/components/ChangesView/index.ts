export { ChangesView, type ChangesViewProps } from './ChangesView';
export { describeChanges, type ChangelogEntry } from './changes';
