/**
 * Styles that hide text from the eye but keep it for screen readers. Sizes are strings on purpose: in MUI's
 * `sx`, a number 1 for width or height means 100 %.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
