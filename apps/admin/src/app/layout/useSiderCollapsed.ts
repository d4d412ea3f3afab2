import { BREAKPOINTS } from '@backoffice/shared';
import { useCallback, useState } from 'react';

const STORAGE_KEY = 'menuCollapsed';

const isNarrow = () => window.innerWidth < BREAKPOINTS.siderCollapse;
const storedChoice = () => localStorage.getItem(STORAGE_KEY) === 'true';

/**
 * The side navigation state (spec 2 §4): collapsed by default below 992 px, otherwise the stored choice;
 * the toggle works only when the window is wider than 767 px and stores the choice.
 */
export function useSiderCollapsed() {
  const [collapsed, setCollapsed] = useState(() => isNarrow() || storedChoice());

  const toggle = useCallback(() => {
    if (window.innerWidth <= BREAKPOINTS.siderToggleMin) return;
    setCollapsed((current) => {
      localStorage.setItem(STORAGE_KEY, String(!current));
      return !current;
    });
  }, []);

  /** antd Sider's breakpoint (lg = 992 px) callback: collapse below it, restore the choice above. */
  const onBreakpoint = useCallback((broken: boolean) => setCollapsed(broken || storedChoice()), []);

  return { collapsed, toggle, onBreakpoint };
}
