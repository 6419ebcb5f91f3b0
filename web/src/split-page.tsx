import { lazy, useState, type ComponentType } from 'react';

/** A page in a chunk of its own: loaded when first shown, or ahead of time with `preload`. */
export interface SplitPage {
  (): React.JSX.Element;
  preload(): Promise<void>;
}

/**
 * A lazily loaded page that renders without suspending once its chunk is in. The entry preloads the chunk of
 * the address it opens on, so the first screen does not pass through the Suspense spinner (React holds a
 * revealed spinner for at least 300 ms: every full page load took that much longer). Each mounted page keeps
 * the component it started with, so a page mounted through the lazy path is not remounted when the chunk arrives.
 */
export function splitPage(load: () => Promise<ComponentType>): SplitPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A chunk that failed to load (network) is asked for again on the next visit.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => start().then((component) => ({ default: component })));
  const Page = () => {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  };
  Page.preload = () => start().then(() => undefined);
  return Page;
}
