import { useState } from 'react';

import { useGetOrganizationQuery, useListOrganizationsQuery } from '../../lib/api/organization-api';
import { SearchPicker, type PickerOption, type PickerResults } from './search-picker';
import { useFormContext } from './form-context';
import { Cell, type Placed } from './form-fields';

export type OrganizationOption = PickerOption;

function useOrganizationResults(search: string, limit: number): PickerResults {
  const { data, isFetching } = useListOrganizationsQuery({
    sort: 'name',
    order: 'asc',
    pageSize: limit,
    ...(search ? { search } : {}),
  });
  return {
    options: data?.items.map(({ id, name }) => ({ id, name })),
    total: data?.total ?? 0,
    isFetching,
  };
}

export interface OrganizationPickerProps {
  value: OrganizationOption | null;
  onChange: (value: OrganizationOption | null) => void;
  label?: string;
  required?: boolean;
  autoFocus?: boolean;
  error?: string | undefined;
}

/** Chooses an organization by typing part of its name; the server searches all of them. */
export function OrganizationPicker({ label = 'Organization', ...props }: OrganizationPickerProps) {
  return (
    <SearchPicker
      {...props}
      label={label}
      noun="organization"
      useResults={useOrganizationResults}
    />
  );
}

/**
 * A list filter by organization, its id kept in the address (`?organizationId=`): searches every
 * organization, and names the chosen one even when it is not among the first shown.
 */
export function OrganizationFilter({
  value,
  onChange,
  minWidth,
}: {
  value: string | undefined;
  onChange: (value: string | null) => void;
  minWidth?: number;
}) {
  const id = value ? Number(value) : undefined;
  const [picked, setPicked] = useState<OrganizationOption | null>(null);
  const known = picked && picked.id === id ? picked : null;
  const { data } = useGetOrganizationQuery(id ?? 0, { skip: id === undefined || known !== null });
  const chosen = id === undefined ? null : (known ?? (data ? { id, name: data.name } : null));
  return (
    <SearchPicker
      variant="filter"
      label="Organization"
      placeholder="All"
      noun="organization"
      minWidth={minWidth}
      value={chosen}
      onChange={(next) => {
        setPicked(next);
        onChange(next ? String(next.id) : null);
      }}
      useResults={useOrganizationResults}
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
        error={form.errorOf(name)}
      />
    </Cell>
  );
}
