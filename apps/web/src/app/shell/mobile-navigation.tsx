import { useIntl } from 'react-intl';
import Drawer from '@mui/material/Drawer';

import SidebarContent from './sidebar-content';
import { SIDEBAR_PAPER_SX } from './sidebar-layout';

/** The navigation sliding in on screens narrower than `md`; its contents are mounted while open. */
export default function MobileNavigation({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': intl.formatMessage({ id: 'shell.navigation' }) } }}
      sx={{
        display: { xs: 'block', md: 'none' },
        zIndex: (theme) => theme.zIndex.modal,
        '& .MuiDrawer-paper': SIDEBAR_PAPER_SX,
      }}
    >
      <SidebarContent onNavigate={onClose} withBrand />
    </Drawer>
  );
}
