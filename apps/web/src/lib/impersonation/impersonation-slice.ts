import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import { globalReset } from '../api/reset';

/** The organization a platform admin acts within (spec §3: one selected organization or null). */
export interface ImpersonatedOrganization {
  id: number;
  name: string;
}

export interface ImpersonationState {
  organization: ImpersonatedOrganization | null;
}

const initialState: ImpersonationState = { organization: null };

export const impersonationSlice = createSlice({
  name: 'impersonation',
  initialState,
  reducers: {
    setImpersonatedOrganization(state, action: PayloadAction<ImpersonatedOrganization>) {
      state.organization = action.payload;
    },
    clearImpersonation(state) {
      state.organization = null;
    },
  },
  extraReducers: (builder) => builder.addCase(globalReset, () => initialState),
});

export const { setImpersonatedOrganization, clearImpersonation } = impersonationSlice.actions;

export const selectImpersonatedOrganization = (state: {
  impersonation: ImpersonationState;
}): ImpersonatedOrganization | null => state.impersonation.organization;
