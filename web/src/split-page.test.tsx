import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { splitPage } from './split-page.tsx';

const Hello = () => <p>hello</p>;
const page = (load: () => Promise<typeof Hello>) => splitPage(load);
const render = (Page: () => React.JSX.Element) =>
  renderToString(
    <Suspense fallback={<p>loading</p>}>
      <Page />
    </Suspense>,
  );

describe('splitPage', () => {
  it('renders at once when its chunk was preloaded before the first render', async () => {
    const Page = page(async () => Hello);
    await Page.preload();
    expect(render(Page)).toContain('hello');
  });

  it('shows the fallback on a first render before its chunk is in', () => {
    expect(render(page(async () => Hello))).toContain('loading');
  });

  it('loads the chunk once, and asks again after a failed load', async () => {
    let calls = 0;
    const Page = page(async () => {
      calls += 1;
      if (calls === 1) throw new Error('network down');
      return Hello;
    });
    await expect(Page.preload()).rejects.toThrow('network down');
    await Page.preload();
    await Page.preload();
    expect(calls).toBe(2);
    expect(render(Page)).toContain('hello');
  });
});
