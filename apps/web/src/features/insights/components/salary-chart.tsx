import { useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TChartPoint } from '@laurel/contract/insights';

import { useChartColors } from './use-chart-colors';
import { buildChartGeometry, formatAxisMoney, type ChartMarker } from '../lib/chart-geometry';
import {
  describeRelativeYear,
  formatCount,
  formatMoney,
  chartPointHiddenReason,
  formatRelativeYear,
} from '../lib/format-insights';

const HEIGHT = 300;
const FALLBACK_WIDTH = 720;
const FONT = 'Lato, Helvetica, Arial, sans-serif';

/**
 * The width of an element, following resizes (the chart draws at its real size): undefined until
 * a ResizeObserver first reports it, which it does after the browser's own layout. Measured in a
 * layout effect instead, the first draw forced a layout of the whole page and drew the chart
 * again in the same task (a 390 ms task on a throttled phone, with the insights panel's).
 */
function useElementWidth<T extends HTMLElement>(): [Ref<T>, number | undefined] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(() =>
    typeof ResizeObserver === 'undefined' ? FALLBACK_WIDTH : undefined,
  );
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export interface SalaryChartProps {
  points: readonly TChartPoint[];
  suppressionMin: number;
  /** The drawn `<svg>`, for the PNG download. */
  svgRef?: Ref<SVGSVGElement>;
  /** Names the chart for assistive technology. */
  label: string;
  /** Which award years every point covers, for the tooltip ("Award years 2013–2018"). */
  awardYears?: string;
  /** A dashed horizontal line, e.g. the earnings benchmark of the credential's field. */
  reference?: { value: number; label: string } | undefined;
}

/**
 * Median salary by year relative to the award year, with the P25–P75 band; suppressed years
 * leave gaps. Hover, or focus and use the arrow keys, to read a year's figures and its n.
 */
export function SalaryChart({
  points,
  suppressionMin,
  svgRef,
  label,
  awardYears,
  reference,
}: SalaryChartProps) {
  const [containerRef, measured] = useElementWidth<HTMLDivElement>();
  // Until the width is known the chart is drawn at a default width and scaled to its box.
  const width = measured ?? FALLBACK_WIDTH;
  const narrow = width < 520;
  const geometry = buildChartGeometry(
    points,
    {
      width,
      height: HEIGHT,
      margin: { top: 28, right: narrow ? 12 : 24, bottom: 48, left: narrow ? 48 : 64 },
    },
    reference ? [reference.value] : [],
  );
  const [active, setActive] = useState<number | null>(null);
  const activeMarker = geometry.markers.find((marker) => marker.relativeYear === active) ?? null;

  const colors = useChartColors();
  const intl = useIntl();

  const pick = (clientX: number, element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    const x = clientX - box.left;
    let nearest = geometry.markers[0]!;
    for (const marker of geometry.markers)
      if (Math.abs(marker.x - x) < Math.abs(nearest.x - x)) nearest = marker;
    setActive(nearest.relativeYear);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const years = geometry.years;
    const index = active === null ? -1 : years.indexOf(active);
    let next: number | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp')
      next = years[Math.min(years.length - 1, index + 1)];
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown')
      next = years[Math.max(0, index - 1)];
    else if (event.key === 'Home') next = years[0];
    else if (event.key === 'End') next = years[years.length - 1];
    else if (event.key === 'Escape') {
      setActive(null);
      return;
    }
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };

  const awardX = geometry.x(0);
  return (
    <Box
      ref={containerRef}
      role="group"
      aria-label={intl.formatMessage({ id: 'insights.salaryChart.label' }, { label })}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={() => setActive((current) => current ?? 0)}
      onBlur={() => setActive(null)}
      onMouseMove={(event) => pick(event.clientX, event.currentTarget)}
      onMouseLeave={() => setActive(null)}
      sx={{
        position: 'relative',
        width: '100%',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <svg
        ref={svgRef}
        width={measured === undefined ? '100%' : width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        aria-hidden="true"
        focusable="false"
        fontFamily={FONT}
        style={{ display: 'block' }}
      >
        {geometry.yTicks.map((tick) => (
          <g key={tick.value}>
            <line
              x1={geometry.plot.left}
              x2={geometry.plot.right}
              y1={tick.y}
              y2={tick.y}
              stroke={colors.grid}
              strokeWidth={1}
            />
            <text
              x={geometry.plot.left - 8}
              y={tick.y}
              dy="0.32em"
              textAnchor="end"
              fontSize={12}
              fill={colors.text}
            >
              {formatAxisMoney(tick.value)}
            </text>
          </g>
        ))}
        <line
          x1={awardX}
          x2={awardX}
          y1={geometry.plot.top - 8}
          y2={geometry.plot.bottom}
          stroke={colors.award}
          strokeWidth={1.5}
          strokeDasharray="4 4"
        />
        <text
          x={awardX}
          y={geometry.plot.top - 14}
          textAnchor="middle"
          fontSize={12}
          fontWeight={700}
          fill={colors.award}
        >
          <FormattedMessage id="insights.figures.awardYear" />
        </text>
        {geometry.bands.map((d) => (
          <path key={d} d={d} fill={colors.band} stroke="none" />
        ))}
        {reference ? (
          <g data-testid="benchmark-line">
            <line
              x1={geometry.plot.left}
              x2={geometry.plot.right}
              y1={geometry.y(reference.value)}
              y2={geometry.y(reference.value)}
              stroke={colors.reference}
              strokeWidth={2}
              strokeDasharray="8 5"
            />
            <text
              x={geometry.plot.left + 6}
              y={geometry.y(reference.value) - 6}
              fontSize={12}
              fontWeight={700}
              fill={colors.reference}
            >
              {reference.label}
            </text>
          </g>
        ) : null}
        {geometry.lines.map((d) => (
          <path
            key={d}
            d={d}
            fill="none"
            stroke={colors.line}
            strokeWidth={2.5}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        ))}
        {geometry.markers.map((marker) =>
          marker.y === null ? null : (
            <circle
              key={marker.relativeYear}
              cx={marker.x}
              cy={marker.y}
              r={marker.relativeYear === active ? 6 : 4}
              fill={colors.surface}
              stroke={colors.line}
              strokeWidth={2}
            />
          ),
        )}
        {geometry.markers.map((marker) => (
          <text
            key={marker.relativeYear}
            x={marker.x}
            y={geometry.plot.bottom + 20}
            textAnchor="middle"
            fontSize={12}
            fontWeight={marker.relativeYear === 0 ? 700 : 400}
            fill={marker.relativeYear === 0 ? colors.award : colors.text}
          >
            {marker.relativeYear === 0
              ? formatCount(0)
              : formatRelativeYear(marker.relativeYear, intl)}
          </text>
        ))}
        <text
          x={(geometry.plot.left + geometry.plot.right) / 2}
          y={HEIGHT - 6}
          textAnchor="middle"
          fontSize={12}
          fill={colors.text}
        >
          <FormattedMessage id="insights.salaryChart.xAxis" />
        </text>
        {activeMarker ? (
          <line
            x1={activeMarker.x}
            x2={activeMarker.x}
            y1={geometry.plot.top}
            y2={geometry.plot.bottom}
            stroke={colors.text}
            strokeWidth={1}
            opacity={0.4}
          />
        ) : null}
      </svg>
      <Box aria-live="polite" sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
        {activeMarker ? (
          <ChartTooltip
            marker={activeMarker}
            suppressionMin={suppressionMin}
            awardYears={awardYears}
            left={activeMarker.x}
            width={width}
          />
        ) : null}
      </Box>
    </Box>
  );
}

function ChartTooltip({
  marker,
  suppressionMin,
  awardYears,
  left,
  width,
}: {
  marker: ChartMarker;
  suppressionMin: number;
  awardYears: string | undefined;
  left: number;
  width: number;
}) {
  const intl = useIntl();
  const point = marker.point;
  const tooltipWidth = Math.min(200, width - 8);
  // Beside the year, on the side with more room, so that the point itself stays visible.
  const beside = left > width / 2 ? left - tooltipWidth - 12 : left + 12;
  const x = Math.min(Math.max(beside, 4), width - tooltipWidth - 4);
  return (
    <Box
      sx={{
        position: 'absolute',
        top: 4,
        left: x,
        width: tooltipWidth,
        p: 3,
        borderRadius: 1,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        boxShadow: 3,
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {marker.relativeYear === 0 ? (
          describeRelativeYear(0, intl)
        ) : (
          <FormattedMessage
            id="insights.salaryChart.tooltipYear"
            values={{
              year: describeRelativeYear(marker.relativeYear, intl),
              relative: formatRelativeYear(marker.relativeYear, intl),
            }}
          />
        )}
      </Typography>
      {awardYears ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {awardYears}
        </Typography>
      ) : null}
      {!point ? (
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="insights.salaryChart.noData" />
        </Typography>
      ) : point.suppressed || point.median === null ? (
        <Typography variant="body2" color="text.secondary">
          {point.suppressed
            ? chartPointHiddenReason(point, suppressionMin, intl)
            : intl.formatMessage({ id: 'insights.salaryChart.noWages' })}
        </Typography>
      ) : (
        <>
          <Typography variant="body2">
            <FormattedMessage
              id="insights.salaryChart.median"
              values={{ amount: formatMoney(point.median) }}
            />
          </Typography>
          {point.p25 !== null && point.p75 !== null ? (
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage
                id="insights.salaryChart.middleHalf"
                values={{ from: formatMoney(point.p25), to: formatMoney(point.p75) }}
              />
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage
              id="insights.salaryChart.sample"
              values={{
                n: point.n === null ? '—' : formatCount(point.n),
                small: point.smallSample ? 'yes' : 'no',
              }}
            />
          </Typography>
        </>
      )}
    </Box>
  );
}
