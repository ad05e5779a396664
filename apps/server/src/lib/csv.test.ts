import { describe, expect, it } from 'vitest';

import { csvStream } from './csv.ts';

async function read(stream: AsyncIterable<unknown>): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

describe('csvStream', () => {
  it('streams a header and the rows of every batch in the shared CSV format', async () => {
    async function* batches() {
      yield [{ id: 1, name: 'Ada' }];
      yield [{ id: 2, name: '=x' }];
    }
    const text = await read(await csvStream(['id', 'name'], batches(), (r) => [r.id, r.name]));
    expect(text).toBe("\uFEFFid,name\r\n1,Ada\r\n2,'=x\r\n");
  });

  it('fails before the first byte when the first batch cannot be read', async () => {
    // eslint-disable-next-line require-yield
    async function* failing(): AsyncGenerator<{ id: number }[]> {
      throw new Error('query failed');
    }
    await expect(csvStream(['id'], failing(), (r) => [r.id])).rejects.toThrow('query failed');
  });

  it('ends with the error, not quietly, when a later batch fails', async () => {
    async function* failingLater(): AsyncGenerator<{ id: number }[]> {
      yield [{ id: 1 }];
      throw new Error('connection lost');
    }
    const stream = await csvStream(['id'], failingLater(), (r) => [r.id]);
    await expect(read(stream)).rejects.toThrow('connection lost');
  });

  it('streams only the header when nothing is selected', async () => {
    async function* none(): AsyncGenerator<{ id: number }[]> {}
    expect(await read(await csvStream(['id'], none(), (r) => [r.id]))).toBe('\uFEFFid\r\n');
  });
});
