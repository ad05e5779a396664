import { useGetUserQuery, useListUsersQuery } from '../../lib/api/user-api';
import { SearchFilter, type PickerResults } from './search-picker';

const nameOf = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

function usePersonName(id: number | undefined): string | undefined {
  const { data } = useGetUserQuery(id ?? 0, { skip: id === undefined });
  return data ? nameOf(data) : undefined;
}

/**
 * A list filter by person, their id kept in the address (`?userId=`): searches every person the
 * caller can see (in `organizationId` when given), and names the chosen one after a reload.
 */
export function UserFilter({
  organizationId,
  label = 'Person',
  anyLabel = 'Anyone',
  ...props
}: {
  value: string | undefined;
  onChange: (value: string | null) => void;
  organizationId?: number | undefined;
  label?: string;
  anyLabel?: string;
}) {
  const useResults = (search: string, limit: number, skip: boolean): PickerResults => {
    const { data, isFetching } = useListUsersQuery(
      {
        sort: 'name',
        order: 'asc',
        pageSize: limit,
        ...(organizationId ? { organizationId } : {}),
        ...(search ? { search } : {}),
      },
      { skip },
    );
    return {
      options: data?.items.map((person) => ({ id: person.id, name: nameOf(person) })),
      total: data?.total ?? 0,
      totalIsLowerBound: data?.totalIsLowerBound,
      isFetching,
    };
  };
  return (
    <SearchFilter
      {...props}
      label={label}
      placeholder={anyLabel}
      noun="person"
      plural="people"
      useResults={useResults}
      useName={usePersonName}
    />
  );
}
