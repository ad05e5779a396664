import { readdirSync } from 'node:fs';

import { CamelCasePlugin } from 'kysely';
import { describe, expect, it } from 'vitest';

import { camelCase, camelCased } from '@laurel/contract/casing';

/** Kysely's own conversions, as the database's plugin applies them (`db/database.ts`). */
class Conversions extends CamelCasePlugin {
  toColumn = (name: string) => this.snakeCase(name);
  toProperty = (column: string) => this.camelCase(column);
}
const kysely = new Conversions();

const CONTRACT = new URL('../../../../packages/contract/src/', import.meta.url);

/** Every field of every body schema the contract exports (`Z…Body`), with the schema's name. */
async function bodyFields(): Promise<Array<[string, string]>> {
  const fields: Array<[string, string]> = [];
  for (const file of readdirSync(CONTRACT).filter((name) => /^[a-z-]+\.ts$/.test(name))) {
    const module = (await import(new URL(file, CONTRACT).href)) as Record<string, unknown>;
    for (const [name, schema] of Object.entries(module))
      if (/^Z\w*Body$/.test(name) && schema && typeof schema === 'object' && 'shape' in schema)
        for (const field of Object.keys(schema.shape as object)) fields.push([name, field]);
  }
  return fields;
}

describe('a body field and its column', () => {
  it('finds the contract body schemas', async () => {
    const names = new Set((await bodyFields()).map(([name]) => name));
    expect(names).toContain('ZCredentialBody');
    expect(names).toContain('ZOrganizationBody');
    expect(names).toContain('ZUpdateProfileBody');
  });

  it("names every body field's column as Kysely does, both ways", async () => {
    for (const [schema, field] of await bodyFields()) {
      const property = camelCase(field);
      // Read back under the name it was written by: the column's own camelCase name.
      expect(kysely.toProperty(kysely.toColumn(property)), `${schema}.${field}`).toBe(property);
      // A snake_case field (the spec's bodies) is its column's own name.
      if (field === field.toLowerCase()) {
        expect(property, `${schema}.${field}`).toBe(kysely.toProperty(field));
        expect(kysely.toColumn(property), `${schema}.${field}`).toBe(field);
      }
    }
  });

  it('leaves out the fields a body does not set', () => {
    expect(
      camelCased({ program_code: '15.0503', description: undefined, type_id: 3, title: null }),
    ).toEqual({ programCode: '15.0503', typeId: 3, title: null });
  });
});
