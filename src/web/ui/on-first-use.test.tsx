import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { onFirstUse, type FirstUseStatus } from './on-first-use';

afterEach(cleanup);

/** A fetch the test settles by hand, counting how often it was asked for. */
function manualFetch() {
  const calls: { resolve(module: { name: string }): void; reject(error: Error): void }[] = [];
  const fetch = () => new Promise<{ name: string }>((resolve, reject) => calls.push({ resolve, reject }));
  return { fetch, calls };
}

function Shows({ status, loaded }: { status: FirstUseStatus<{ name: string }>; loaded: { name: string } | null }) {
  return (
    <p data-testid="shown">
      {status === 'failed' ? 'failed' : (status?.name ?? 'waiting')}/{loaded?.name ?? 'none'}
    </p>
  );
}

describe('a module loaded on first use', () => {
  it('is fetched once however often it is asked for, and reaches every component that asked', async () => {
    const { fetch, calls } = manualFetch();
    const module = onFirstUse(fetch);
    const Reader = () => <Shows status={module.useStatus()} loaded={module.useLoaded()} />;
    render(
      <>
        <Reader />
        <Reader />
      </>,
    );
    expect(screen.getAllByTestId('shown').map((p) => p.textContent)).toEqual(['waiting/none', 'waiting/none']);
    module.load();
    module.load();
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.resolve({ name: 'picker' }));
    expect(screen.getAllByTestId('shown').map((p) => p.textContent)).toEqual(['picker/picker', 'picker/picker']);
    module.load();
    expect(calls).toHaveLength(1);
  });

  it('tells a failed fetch from one under way, and tries again on the next use', async () => {
    const { fetch, calls } = manualFetch();
    const module = onFirstUse(fetch);
    const Reader = () => <Shows status={module.useStatus()} loaded={module.useLoaded()} />;
    render(<Reader />);
    module.load();
    await act(async () => calls[0]!.reject(new Error('offline')));
    expect(screen.getByTestId('shown').textContent).toBe('failed/none');
    module.load();
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.resolve({ name: 'contract' }));
    expect(screen.getByTestId('shown').textContent).toBe('contract/contract');
  });
});
