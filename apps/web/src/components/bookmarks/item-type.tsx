import type { ReactNode } from 'react';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import type { BookmarkItemType } from '@laurel/contract/constants';

import type { MessageId } from '../../lib/i18n/catalogue';

/** How each kind of item looks in lists: icon, colour of its circle, and its name's message. */
export const ITEM_TYPE_DISPLAY: Record<
  BookmarkItemType,
  { icon: ReactNode; color: string; label: MessageId }
> = {
  organizations: {
    icon: <ApartmentOutlined />,
    color: '#376fd0',
    label: 'components.itemType.organization',
  },
  credentials: {
    icon: <WorkspacePremiumOutlined />,
    color: '#6a1b9a',
    label: 'components.itemType.credential',
  },
  contracts: {
    icon: <DescriptionOutlined />,
    color: '#00695c',
    label: 'components.itemType.contract',
  },
  users: { icon: <PersonOutlined />, color: '#ad5700', label: 'components.itemType.user' },
};
