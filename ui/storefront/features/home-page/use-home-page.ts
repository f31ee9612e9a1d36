import { useEffect, useState } from 'react';
import { settledHomePage, storefrontHomePage, type StorefrontHomePage } from '../../lib/home-page';

/** The home page: its answer at once when the start-up already has it (the first paint is the page itself), else once it comes. */
export function useStorefrontHomePage(): StorefrontHomePage | null | undefined {
  const [home, setHome] = useState(settledHomePage);
  useEffect(() => {
    if (home === undefined) void storefrontHomePage().then(setHome);
  }, [home]);
  return home;
}
