/** The docked sidebar's width; `laurel-shell__aside` in shell.css keeps the same room. */
const SIDEBAR_WIDTH = 248;

/** The sidebar's surface, docked or sliding. */
export const SIDEBAR_PAPER_SX = {
  width: SIDEBAR_WIDTH,
  boxSizing: 'border-box',
  bgcolor: 'sidebar.background',
  borderColor: 'divider',
} as const;
