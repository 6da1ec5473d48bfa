// Moved to shared/crud/RefSelect.tsx (pages never import other pages); kept only until the channel
// list page imports it from there.
export { RefSelect, useNames, type RefSelectProps } from '../../../shared/crud/RefSelect.tsx';
