/** The page: its language, its two views (the truck, one order) and moving between them without reload. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { applyLanguage, pageLanguage, translator, WordingContext, type Lang, type Wording } from './i18n';
import { OrderStatusView } from './order-status';
import { routeOf, type PageData } from './page-data';
import { TruckPage } from './truck-page';

export function StorefrontApp({ data }: { data: PageData }) {
  const [lang, setLangState] = useState<Lang>(pageLanguage);
  const [path, setPath] = useState(() => window.location.pathname);
  const wording = useMemo<Wording>(
    () => ({
      lang,
      t: translator(lang),
      setLang: (next) => {
        applyLanguage(next);
        setLangState(next);
      },
    }),
    [lang],
  );

  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string) => {
    window.history.pushState(null, '', to);
    setPath(to);
    window.scrollTo(0, 0);
  }, []);

  const route = routeOf(path);
  return (
    <WordingContext.Provider value={wording}>
      {route?.kind === 'order' ? <OrderStatusView data={data} publicId={route.publicId} navigate={navigate} /> : <TruckPage data={data} navigate={navigate} />}
    </WordingContext.Provider>
  );
}
