import { cloneElement, useEffect, useState, type ReactElement } from 'react';
import type MuiTooltip from '@mui/material/Tooltip';
import type { TooltipProps } from '@mui/material/Tooltip';

import { afterNextPaint } from '../../lib/routing/after-paint';
import { afterFirstScreen } from '../../lib/routing/first-screen';

type TooltipComponent = typeof MuiTooltip;

let loaded: TooltipComponent | undefined;
let loading: Promise<TooltipComponent> | undefined;

/** Fetches MUI's tooltip (with Popper.js) once; the header's buttons share it. */
function loadTooltip(): Promise<TooltipComponent> {
  loading ??= import('@mui/material/Tooltip').then((module) => (loaded = module.default));
  return loading;
}

let turn: Promise<void> = Promise.resolve();

/**
 * Runs `swap` once every swap asked for before it has been drawn and painted: each header button
 * goes into its tooltip in a task of its own. Together, the four buttons' new tooltips, popper
 * wrappers and styles made one task of about 250 ms on a phone, which held any tap for as long.
 */
function inTurn(swap: () => void): void {
  turn = turn.then(
    () =>
      new Promise<void>((done) => {
        swap();
        // The swap is drawn in a task React schedules; the next one waits for its paint.
        afterNextPaint(done);
      }),
  );
}

interface ButtonProps {
  'aria-label': string;
  autoFocus?: boolean;
}

/**
 * MUI's `Tooltip`, fetched once the first screen has been shown: the header's buttons are drawn
 * at once without it (they carry their own accessible names), and their hover hints arrive with
 * the tooltip's code (with Popper.js, about 10 KB compressed) when the browser is idle
 * (docs/decisions/031). The button is drawn again inside the tooltip when it arrives, one button
 * per task; a button that had the keyboard focus then passes it to its new self
 * (docs/decisions/033).
 */
export function LaterTooltip({
  title,
  children,
}: {
  title: TooltipProps['title'];
  children: ReactElement<ButtonProps>;
}) {
  const [Tooltip, setTooltip] = useState(() => loaded);
  const [refocus, setRefocus] = useState(false);
  const label = children.props['aria-label'];
  useEffect(() => {
    if (Tooltip) return;
    let active = true;
    void afterFirstScreen()
      .then(loadTooltip)
      .then((component) =>
        inTurn(() => {
          if (!active) return;
          // The header's buttons have names of their own: the focused one is found by its name.
          setRefocus(document.activeElement?.getAttribute('aria-label') === label);
          setTooltip(() => component);
        }),
      );
    return () => {
      active = false;
    };
  }, [Tooltip, label]);
  // React focuses an element drawn with `autoFocus` as it mounts.
  const child = Tooltip && refocus ? cloneElement(children, { autoFocus: true }) : children;
  return Tooltip ? <Tooltip title={title}>{child}</Tooltip> : child;
}
