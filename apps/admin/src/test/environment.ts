import { JSDOM } from 'jsdom';
import { type Environment, populateGlobal } from 'vitest/runtime';

/**
 * jsdom for the admin's component tests. jsdom is a dependency of the admin only, where vitest's built-in
 * `jsdom` environment (which imports it from vitest's own folder) cannot find it; this file resolves it from here.
 */
const environment: Environment = {
  name: 'admin-jsdom',
  viteEnvironment: 'client',
  setup(global) {
    const dom = new JSDOM('<!DOCTYPE html>', { pretendToBeVisual: true, url: 'http://localhost:3000/' });
    const { keys, originals } = populateGlobal(global, dom.window, { bindFunctions: true });
    return {
      teardown(global) {
        dom.window.close();
        for (const key of keys) delete global[key];
        for (const [key, value] of originals) global[key] = value;
      },
    };
  },
};

export default environment;
