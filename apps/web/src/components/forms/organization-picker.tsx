import { useState } from 'react';
import { useIntl } from 'react-intl';

import { useGetOrganizationQuery, useListOrganizationsQuery } from '../../lib/api/organization-api';
import { SearchFilter, SearchPicker, type PickerOption, type PickerResults } from './search-picker';
import { useFormContext } from './form-context';
import { Cell, type Placed } from './form-fields';

export type OrganizationOption = PickerOption;

function useOrganizationResults(search: string, limit: number, skip: boolean): PickerResults {
  const { data, isFetching } = useListOrganizationsQuery(
    { sort: 'name', order: 'asc', pageSize: limit, ...(search ? { search } : {}) },
    { skip },
  );
  return {
    options: data?.items.map(({ id, name }) => ({ id, name })),
    total: data?.total ?? 0,
    totalIsLowerBound: data?.totalIsLowerBound,
    isFetching,
  };
}

function useOrganizationName(id: number | undefined): string | undefined {
  return useGetOrganizationQuery(id ?? 0, { skip: id === undefined }).data?.name;
}

/** How organizations are searched and named, for the pickers below. */
const ORGANIZATIONS = {
  noun: 'organization',
  plural: 'organizations',
  useResults: useOrganizationResults,
} as const;

export interface OrganizationPickerProps {
  value: OrganizationOption | null;
  onChange: (value: OrganizationOption | null) => void;
  onBlur?: () => void;
  required?: boolean;
  autoFocus?: boolean;
  error?: string | undefined;
}

/** Chooses an organization by typing part of its name; the server searches all of them. */
export function OrganizationPicker(props: OrganizationPickerProps) {
  const intl = useIntl();
  return (
    <SearchPicker
      {...ORGANIZATIONS}
      label={intl.formatMessage({ id: 'components.organizationPicker.label' })}
      {...props}
    />
  );
}

/** A list filter by organization, its id kept in the address (`?organizationId=`). */
export function OrganizationFilter(props: {
  value: string | undefined;
  onChange: (value: string | null) => void;
  minWidth?: number;
}) {
  const intl = useIntl();
  return (
    <SearchFilter
      {...ORGANIZATIONS}
      label={intl.formatMessage({ id: 'components.organizationPicker.label' })}
      {...props}
      placeholder={intl.formatMessage({ id: 'components.selectFilter.all' })}
      useName={useOrganizationName}
    />
  );
}

/** The organization of the surrounding form, its id under `name` (null until one is chosen). */
export function OrganizationField({ name, grid, autoFocus }: Placed & { autoFocus?: boolean }) {
  const form = useFormContext();
  const [picked, setPicked] = useState<OrganizationOption | null>(null);
  return (
    <Cell grid={grid}>
      <OrganizationPicker
        required
        autoFocus={autoFocus}
        value={picked}
        onChange={(next) => {
          setPicked(next);
          form.setAt(name, next?.id ?? null);
        }}
        onBlur={() => form.touch(name)}
        error={form.errorOf(name)}
      />
    </Cell>
  );
}
