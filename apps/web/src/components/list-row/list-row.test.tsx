import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { ListRow } from './list-row';

const renderRow = (props: Partial<Parameters<typeof ListRow>[0]> = {}) =>
  render(
    <MemoryRouter>
      <ul>
        <ListRow
          icon={<span>i</span>}
          title="Welding Certificate"
          subtitle="Northwind Technical College"
          {...props}
        />
      </ul>
    </MemoryRouter>,
  );

describe('ListRow', () => {
  it('caps the badge at 99 and shows 99+', () => {
    renderRow({ iconBadge: 150 });
    screen.getByText('99+');
  });

  it('shows a badge of exactly 99 as 99', () => {
    renderRow({ iconBadge: 99 });
    screen.getByText('99');
    expect(screen.queryByText('99+')).toBeNull();
  });

  it('shows no badge for zero or none', () => {
    const { container } = renderRow({ iconBadge: 0 });
    expect(container.querySelector('.MuiBadge-badge')).toBeNull();
  });

  it('renders title, subtitle and a link when given', () => {
    renderRow({ link: '/organizations/7/credentials/3' });
    screen.getByText('Welding Certificate');
    screen.getByText('Northwind Technical College');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/organizations/7/credentials/3');
  });

  it('is plain text without a link, and draws a divider when asked', () => {
    const { container } = renderRow({ divider: true });
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('.MuiListItem-divider')).not.toBeNull();
  });

  it('shows a long title whole on hover and keeps its action beside the link, not in it', () => {
    const long =
      'Advanced Manufacturing Technology Certificate in Computer Numerical Control Machining and Robotics';
    renderRow({
      title: long,
      link: '/organizations/7/credentials/3',
      secondaryAction: <button type="button">Remove</button>,
    });
    expect(screen.getByText(long).getAttribute('title')).toBe(long);
    const link = screen.getByRole('link');
    const remove = screen.getByRole('button', { name: 'Remove' });
    expect(link.contains(remove)).toBe(false);
    expect(link.parentElement).toBe(remove.parentElement?.parentElement);
  });
});
