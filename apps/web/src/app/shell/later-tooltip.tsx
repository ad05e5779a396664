import { useEffect, useState } from 'react';
import type MuiTooltip from '@mui/material/Tooltip';
import type { TooltipProps } from '@mui/material/Tooltip';

import { afterFirstScreen } from '../../lib/routing/first-screen';

type TooltipComponent = typeof MuiTooltip;

let loaded: TooltipComponent | undefined;
let loading: Promise<TooltipComponent> | undefined;

/** Fetches MUI's tooltip (with Popper.js) once; the header's buttons share it. */
function loadTooltip(): Promise<TooltipComponent> {
  loading ??= import('@mui/material/Tooltip').then((module) => (loaded = module.default));
  return loading;
}

/**
 * MUI's `Tooltip`, fetched once the first screen has been shown: the header's buttons are drawn
 * at once without it (they carry their own accessible names), and their hover hints arrive with
 * the tooltip's code (with Popper.js, about 10 KB compressed) when the browser is idle
 * (docs/decisions/031). The button is drawn again when the tooltip arrives; its state lives above.
 */
export function LaterTooltip({
  title,
  children,
}: {
  title: TooltipProps['title'];
  children: TooltipProps['children'];
}) {
  const [Tooltip, setTooltip] = useState(() => loaded);
  useEffect(() => {
    if (Tooltip) return;
    let active = true;
    void afterFirstScreen()
      .then(loadTooltip)
      .then((component) => {
        if (active) setTooltip(() => component);
      });
    return () => {
      active = false;
    };
  }, [Tooltip]);
  return Tooltip ? <Tooltip title={title}>{children}</Tooltip> : children;
}
