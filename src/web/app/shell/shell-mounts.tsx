/**
 * Renders the components features mount in the signed-in shell (route-table.ts's SHELL_MOUNTS). They
 * load after the screen, and the lazily loaded code may inject reducers (the API): one action gives
 * them their state before they first render.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useAppDispatch } from '../hooks';
import { SHELL_MOUNTS } from '../route-table';
import { lazyCodeLoaded } from '../store';

type MountModule = { Component: ComponentType };

const mountModules = import.meta.glob<MountModule>('../../features/*/*.shell.tsx');

function loaders(): (() => Promise<MountModule>)[] {
  return SHELL_MOUNTS.map((module) => {
    const load = mountModules[`../../${module}`];
    if (!load) throw new Error(`shell mount: no module at src/web/${module}`);
    return load;
  });
}

export function ShellMounts() {
  const dispatch = useAppDispatch();
  const [mounted, setMounted] = useState<ComponentType[]>([]);
  useEffect(() => {
    let live = true;
    void Promise.all(loaders().map((load) => load())).then((modules) => {
      if (!live) return;
      dispatch(lazyCodeLoaded());
      setMounted(modules.map((module) => module.Component));
    });
    return () => {
      live = false;
    };
  }, [dispatch]);
  return (
    <>
      {mounted.map((Mounted, index) => (
        <Mounted key={SHELL_MOUNTS[index]} />
      ))}
    </>
  );
}
