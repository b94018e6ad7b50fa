import { cleanup, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { RowsSkeleton } from './list-states';
import { LoadingRegion, Skeleton, SkeletonLines } from './skeleton';
import { render } from '../../test/utils';

/** axe's verdict on one rendered tree: the ids of the rules it breaks. */
async function violations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice'] }, rules: { region: { enabled: false } } });
  return result.violations.map((v) => v.id);
}

afterEach(cleanup);

describe('loading placeholders', () => {
  it('are status regions named by what loads, busy until it arrives, and pass axe', async () => {
    const { container } = render(
      <>
        <LoadingRegion label="Loading rides">
          <Skeleton className="h-80" />
        </LoadingRegion>
        <SkeletonLines label="Loading polls" lines={['h-24', 'h-24']} />
        <RowsSkeleton label="Loading members" rows={2} />
      </>,
    );
    for (const name of ['Loading rides', 'Loading polls', 'Loading members']) {
      const region = screen.getByRole('status', { name });
      expect(region.getAttribute('aria-busy') ?? 'true').toBe('true');
    }
    expect(await violations(container)).toEqual([]);
  });

  it('draw unnamed lines inside a row without a region of their own', () => {
    render(<SkeletonLines lines={['h-3', 'h-3']} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
