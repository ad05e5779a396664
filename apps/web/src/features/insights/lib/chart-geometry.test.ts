import { describe, expect, it } from 'vitest';

import { chartPointsFixture } from '../test/fixtures';
import { buildChartGeometry, formatAxisMoney, niceCeiling } from './chart-geometry';

const box = { width: 700, height: 300, margin: { top: 20, right: 20, bottom: 40, left: 60 } };

describe('salary chart geometry', () => {
  it('rounds the axis up to a round number', () => {
    expect(niceCeiling(66_000)).toBe(100_000);
    expect(niceCeiling(48_000)).toBe(50_000);
    expect(niceCeiling(21_000)).toBe(25_000);
    expect(niceCeiling(0)).toBe(1);
  });

  it('spans −5…+5 evenly with the award year in the middle', () => {
    const geometry = buildChartGeometry(chartPointsFixture(), box);
    expect(geometry.years).toEqual([-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5]);
    expect(geometry.x(-5)).toBe(60);
    expect(geometry.x(5)).toBe(680);
    expect(geometry.x(0)).toBe(370);
  });

  it('breaks the median line and the band where a year is suppressed', () => {
    const geometry = buildChartGeometry(chartPointsFixture(), box);
    expect(geometry.lines).toHaveLength(2);
    expect(geometry.lines[0]!.match(/[ML]/g)).toHaveLength(3); // −5, −4, −3
    expect(geometry.lines[1]!.match(/[ML]/g)).toHaveLength(7); // −1 … +5
    expect(geometry.bands).toHaveLength(2);
    const suppressed = geometry.markers.find((marker) => marker.relativeYear === -2);
    expect(suppressed?.y).toBeNull();
    expect(suppressed?.point?.lessThan).toBe(10);
  });

  it('treats a missing year as a gap and puts money on a 0-based axis', () => {
    const points = chartPointsFixture().filter((point) => point.relativeYear !== 3);
    const geometry = buildChartGeometry(points, box);
    expect(geometry.lines).toHaveLength(3);
    expect(geometry.yTicks[0]).toEqual({ value: 0, y: 260 });
    expect(geometry.yTicks.at(-1)?.value).toBe(100_000);
  });

  it('labels the axis in thousands', () => {
    expect(formatAxisMoney(0)).toBe('$0');
    expect(formatAxisMoney(25_000)).toBe('$25k');
    expect(formatAxisMoney(12_500)).toBe('$12.5k');
  });
});
