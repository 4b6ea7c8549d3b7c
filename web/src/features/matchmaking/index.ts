// What other features use of matchmaking.
export { applyMatchmakingFrame } from './api/live-updates';
export { AvailabilityEditor } from './components/availability-editor';
export { MODALITY_LABELS } from './lib/intent-form';
