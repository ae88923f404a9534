// Wide report tables scroll sideways inside their card; their first column stays put so each row keeps its name.
import type { SystemStyleObject } from '@mui/system';
import type { Theme } from '@mui/material';

/** A cell pinned `left` px from the table's scrolling edge, painted like the card under it (Paper's dark overlay). */
export const stickyCell = (left = 0): SystemStyleObject<Theme> => ({
  position: 'sticky',
  left,
  zIndex: 1,
  bgcolor: 'background.paper',
  backgroundImage: 'var(--Paper-overlay)',
});
