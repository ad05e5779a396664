import { afterEach, describe, expect, it, vi } from 'vitest';

import { saveBlob } from '../../../lib/files/save-blob';
import { downloadSvgAsPng } from './svg-to-png';

vi.mock('../../../lib/files/save-blob', () => ({ saveBlob: vi.fn() }));

const restores: (() => void)[] = [];

/** Gives `target` a property jsdom lacks (or replaces it) until the test ends. */
function stub(target: object, key: string, value: unknown) {
  const before = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { configurable: true, writable: true, value });
  restores.push(() =>
    before ? Object.defineProperty(target, key, before) : Reflect.deleteProperty(target, key),
  );
}

afterEach(() => {
  for (const restore of restores.splice(0).reverse()) restore();
});

describe('downloadSvgAsPng', () => {
  it("draws the chart from a data: URL, which the page's img-src allows, and saves a PNG", async () => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('width', '400');
    svg.setAttribute('height', '200');
    svg.innerHTML = '<path d="M0 0L10 10" stroke="#123456" />';
    const sources: string[] = [];
    // jsdom decodes no image: record what the browser would have been asked to decode.
    stub(HTMLImageElement.prototype, 'decode', async function (this: HTMLImageElement) {
      sources.push(this.src);
    });
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      scale: vi.fn(),
      drawImage,
    } as unknown as CanvasRenderingContext2D);
    const png = new Blob(['png'], { type: 'image/png' });
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => callback(png));
    // jsdom has no blob: URLs; the drawing must not need one (the policy would refuse it).
    stub(URL, 'createObjectURL', () => {
      throw new Error('the chart was drawn from a blob: URL');
    });

    await downloadSvgAsPng(svg, {
      title: 'Salary Growth',
      background: '#ffffff',
      color: '#000000',
      fileName: 'northwind-salary-growth.png',
    });

    expect(sources).toHaveLength(1);
    const [header, body] = sources[0]!.split(',', 2);
    expect(header).toBe('data:image/svg+xml;charset=utf-8');
    const markup = decodeURIComponent(body!);
    expect(markup).toMatch(/^<svg [^>]*width="400" height="240"/);
    expect(markup).toContain('>Salary Growth</text>');
    expect(markup).toContain('stroke="#123456"');
    expect(drawImage).toHaveBeenCalledWith(expect.any(HTMLImageElement), 0, 0, 400, 240);
    expect(saveBlob).toHaveBeenCalledWith(png, 'northwind-salary-growth.png');
  });
});
