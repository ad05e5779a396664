import { cloneElement, useId, type ReactElement } from 'react';
import Tooltip from '@mui/material/Tooltip';

interface DisableableProps {
  disabled?: boolean;
  'aria-describedby'?: string;
}

/**
 * A control that says why it is disabled. With a `reason` the control is disabled, the reason shows
 * as a tooltip on hover or a long press (the wrapper takes the pointer events a disabled button
 * does not get) and screen readers read it as the control's description; without one the control
 * is drawn as it is.
 * @example <DisabledReason reason={data ? null : 'Available once the figures have loaded.'}>
 *   <Button onClick={exportCsv}>Export CSV</Button>
 * </DisabledReason>
 */
export function DisabledReason({
  reason,
  children,
}: {
  reason: string | null;
  children: ReactElement<DisableableProps>;
}) {
  const id = useId();
  if (!reason) return children;
  return (
    <Tooltip title={reason} describeChild>
      <span style={{ display: 'inline-flex' }}>
        {cloneElement(children, { disabled: true, 'aria-describedby': id })}
        <span id={id} hidden>
          {reason}
        </span>
      </span>
    </Tooltip>
  );
}
