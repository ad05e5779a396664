/**
 * Bodies name their fields in snake_case as the spec does (`program_code`); responses, rows and
 * the database's columns through Kysely's CamelCasePlugin in camelCase (`programCode`). This is
 * the one way from the one to the other (decision 056): nothing maps a field by hand.
 */

/**
 * A snake_case field's camelCase name, as Kysely's CamelCasePlugin names its column.
 * @example type Column = CamelCase<'program_code'> // 'programCode'
 */
export type CamelCase<Field extends string> = Field extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Field;

/** A body's fields under their camelCase names, each with its own type. */
export type CamelCased<Body> = {
  [Field in keyof Body as Field extends string ? CamelCase<Field> : Field]: Body[Field];
};

/**
 * The camelCase name of a snake_case field.
 * @example camelCase('program_code') // 'programCode'
 */
export function camelCase<Field extends string>(field: Field): CamelCase<Field> {
  return field.replace(/_([a-z0-9])/g, (_, letter: string) =>
    letter.toUpperCase(),
  ) as CamelCase<Field>;
}

/**
 * The fields a body sets, under their camelCase names (a row's columns); a field it leaves out
 * (`undefined`) is left out, so that an update keeps what is stored.
 * @example camelCased({ program_code: '15.0503', description: undefined }) // { programCode: '15.0503' }
 */
export function camelCased<Body extends object>(body: Body): CamelCased<Body> {
  const fields: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body))
    if (value !== undefined) fields[camelCase(field)] = value;
  return fields as CamelCased<Body>;
}

/**
 * Each field of a body schema with its camelCase name: where a record's value for the field is.
 * @example camelCaseNames(ZUpdateProfileBody) // { first_name: 'firstName', …, title: 'title' }
 */
export function camelCaseNames<Shape extends object>(schema: {
  shape: Shape;
}): { [Field in keyof Shape & string]: CamelCase<Field> } {
  return Object.fromEntries(
    Object.keys(schema.shape).map((field) => [field, camelCase(field)]),
  ) as { [Field in keyof Shape & string]: CamelCase<Field> };
}
