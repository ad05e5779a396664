import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import { globalReset } from '../api/reset';

/** One breadcrumb slot: what it names and where it leads. An empty object shows nothing. */
export interface BreadcrumbSlot {
  label?: string;
  href?: string;
}

export const BREADCRUMB_SLOTS = ['dashboard', 'organization', 'credential', 'contract'] as const;
type BreadcrumbSlotName = (typeof BREADCRUMB_SLOTS)[number];

/** Spec §3: four slots, each initially an empty object, replaced whole by its setter. */
export type BreadcrumbsState = Record<BreadcrumbSlotName, BreadcrumbSlot>;

const initialState: BreadcrumbsState = {
  dashboard: {},
  organization: {},
  credential: {},
  contract: {},
};

export const breadcrumbsSlice = createSlice({
  name: 'breadcrumbs',
  initialState,
  reducers: {
    setDashboardBreadcrumb: (state, action: PayloadAction<BreadcrumbSlot>) => {
      state.dashboard = action.payload;
    },
    setOrganizationBreadcrumb: (state, action: PayloadAction<BreadcrumbSlot>) => {
      state.organization = action.payload;
    },
    setCredentialBreadcrumb: (state, action: PayloadAction<BreadcrumbSlot>) => {
      state.credential = action.payload;
    },
    setContractBreadcrumb: (state, action: PayloadAction<BreadcrumbSlot>) => {
      state.contract = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(globalReset, () => initialState),
});

export const {
  setDashboardBreadcrumb,
  setOrganizationBreadcrumb,
  setCredentialBreadcrumb,
  setContractBreadcrumb,
} = breadcrumbsSlice.actions;

export const selectBreadcrumbs = (state: { breadcrumbs: BreadcrumbsState }) => state.breadcrumbs;
