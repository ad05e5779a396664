import { saveBlob } from '../../../lib/files/save-blob';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * The chart as a standalone SVG document, with a title line above it and an opaque background,
 * so that it reads the same outside the page.
 */
function standaloneSvg(
  svg: SVGSVGElement,
  options: { title: string; background: string; color: string },
): { markup: string; width: number; height: number } {
  const width = Number(svg.getAttribute('width')) || svg.viewBox.baseVal?.width || 720;
  const chartHeight = Number(svg.getAttribute('height')) || svg.viewBox.baseVal?.height || 320;
  const titleHeight = 40;
  const height = chartHeight + titleHeight;
  const root = document.createElementNS(SVG_NS, 'svg');
  root.setAttribute('xmlns', SVG_NS);
  root.setAttribute('width', String(width));
  root.setAttribute('height', String(height));
  root.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', options.background);
  root.append(background);
  const title = document.createElementNS(SVG_NS, 'text');
  title.setAttribute('x', '16');
  title.setAttribute('y', '26');
  title.setAttribute('fill', options.color);
  title.setAttribute('font-family', 'Lato, Helvetica, Arial, sans-serif');
  title.setAttribute('font-size', '16');
  title.setAttribute('font-weight', '700');
  title.textContent = options.title;
  root.append(title);
  const chart = svg.cloneNode(true) as SVGSVGElement;
  chart.setAttribute('y', String(titleHeight));
  chart.removeAttribute('class');
  root.append(chart);
  return { markup: new XMLSerializer().serializeToString(root), width, height };
}

/**
 * The SVG document as a `data:` URL. The page's Content-Security-Policy lets images come from the
 * app itself and from `data:` URLs only (`img-src 'self' data:`), so an `<img>` given a `blob:`
 * URL of the same markup would be refused ("The source image cannot be decoded").
 */
function svgDataUrl(markup: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
}

/** Draws the chart on a canvas at twice its size and offers it as a PNG download. */
export async function downloadSvgAsPng(
  svg: SVGSVGElement,
  options: { title: string; background: string; color: string; fileName: string },
): Promise<void> {
  const { markup, width, height } = standaloneSvg(svg, options);
  const image = new Image();
  image.src = svgDataUrl(markup);
  await image.decode();
  const scale = 2;
  const canvas = document.createElement('canvas');
  canvas.width = width * scale;
  canvas.height = height * scale;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the chart as an image.');
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('This browser cannot draw the chart as an image.');
  saveBlob(blob, options.fileName);
}
