import { render, screen } from '@testing-library/react';
import '@testing-library/jest-dom';
import { ProgressRing, clampPercent } from './ProgressRing';

describe('the progress ring', () => {
  it('is an accessible progressbar carrying its value from 0 to 100', () => {
    render(<ProgressRing percent={25} label="CISSP progress" />);

    const ring = screen.getByRole('progressbar', { name: 'CISSP progress' });

    expect(ring).toHaveAttribute('aria-valuenow', '25');
    expect(ring).toHaveAttribute('aria-valuemin', '0');
    expect(ring).toHaveAttribute('aria-valuemax', '100');
    expect(ring).toHaveAttribute('aria-valuetext', '25% complete');
    expect(ring).toHaveTextContent('25%');
  });

  it('draws the arc in proportion to the percentage', () => {
    const { container } = render(<ProgressRing percent={50} label="half" size={100} />);
    const arc = container.querySelector('.progress-ring-value') as SVGCircleElement;
    const circumference = Number(arc.getAttribute('stroke-dasharray'));

    expect(Number(arc.getAttribute('stroke-dashoffset'))).toBeCloseTo(circumference / 2);
  });

  it('clamps and rounds what it is given', () => {
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(133.3)).toBe(100);
    expect(clampPercent(33.4)).toBe(33);
    expect(clampPercent(Number.NaN)).toBe(0);
    // 119.5 of 120 is short: never rounded up to complete.
    expect(clampPercent(99.58)).toBe(99);
    expect(clampPercent(100)).toBe(100);
  });
});
