import { useEffect } from 'react';
import { useDispatch } from 'react-redux';

import {
  setContractBreadcrumb,
  setCredentialBreadcrumb,
  setDashboardBreadcrumb,
  setOrganizationBreadcrumb,
  type BreadcrumbSlot,
  type BreadcrumbsState,
} from './breadcrumbs-slice';

/**
 * Sets all four breadcrumb slots for the current screen; slots the screen does not name are
 * emptied, so that a crumb of the previous screen never lingers.
 */
export function useBreadcrumbs(slots: Partial<BreadcrumbsState>): void {
  const dispatch = useDispatch();
  const key = JSON.stringify(slots);
  useEffect(() => {
    const parsed = JSON.parse(key) as Partial<BreadcrumbsState>;
    const slot = (value: BreadcrumbSlot | undefined): BreadcrumbSlot => value ?? {};
    dispatch(setDashboardBreadcrumb(slot(parsed.dashboard)));
    dispatch(setOrganizationBreadcrumb(slot(parsed.organization)));
    dispatch(setCredentialBreadcrumb(slot(parsed.credential)));
    dispatch(setContractBreadcrumb(slot(parsed.contract)));
  }, [dispatch, key]);
}
