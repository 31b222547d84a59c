/** How sanctions read, shared with the back office's moderation pages (one place for the words). */
export {
  APPEAL_STATUS_LABELS,
  categoryLabel,
  endLabel,
  SANCTION_STATUS_LABELS,
  SCOPE_LABELS,
  scopeCell,
} from './labels';
export { Fact, Written } from './SanctionCard';
