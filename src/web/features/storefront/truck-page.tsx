/** /t/{slug}: the truck, its menu, the basket and checkout, and the booking request. */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { fetchAvailability, fetchMenu } from './storefront.api';
import { itemsById, priceCart, useCart } from './cart';
import { CartPanel } from './cart-panel';
import { pageFormat } from './format';
import { useWording } from './i18n';
import { ItemDialog } from './item-dialog';
import { MenuList } from './menu-list';
import { OrderAgain } from './order-again';
import type { PageData, PublicMenuItem } from './page-data';
import { TruckHeader } from './truck-header';
import { WeekSection } from './week-section';

const BookingSection = lazy(() => import('./booking-section'));

/** "Open now?" changes with the clock and the truck's pause button: asked again now and then. */
const AVAILABILITY_REFRESH_MS = 60_000;

export function TruckPage({ data, navigate }: { data: PageData; navigate(to: string): void }) {
  const { lang, t } = useWording();
  const { truck } = data;
  const [menu, setMenu] = useState(data.menu);
  const [availability, setAvailability] = useState(data.availability);
  const [chosen, setChosen] = useState<PublicMenuItem | null>(null);
  const [cartOpen, setCartOpen] = useState(false);
  const cart = useCart(truck.slug);
  const format = useMemo(() => pageFormat(lang, truck.currency, truck.timeZone), [lang, truck.currency, truck.timeZone]);
  const items = useMemo(() => itemsById(menu), [menu]);
  const priced = useMemo(() => priceCart(cart.lines, items), [cart.lines, items]);
  const count = cart.lines.reduce((sum, line) => sum + line.qty, 0);

  useEffect(() => {
    const timer = window.setInterval(() => {
      fetchAvailability(truck.slug, lang).then(setAvailability, () => undefined);
    }, AVAILABILITY_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [truck.slug, lang]);

  const refreshMenu = async () => {
    const [fresh, open] = await Promise.all([fetchMenu(truck.slug, lang), fetchAvailability(truck.slug, lang)]);
    setMenu(fresh);
    setAvailability(open);
  };

  return (
    <div className="sf-page">
      <TruckHeader truck={truck} availability={availability} format={format} />
      <main>
        {menu && menu.categories.length > 0 && !truck.notTrading && <OrderAgain slug={truck.slug} items={items} format={format} onRefill={cart.addAll} />}
        {menu && menu.categories.length > 0 ? <MenuList menu={menu} format={format} onChoose={setChosen} /> : <p className="sf-empty">{t('truck.noMenu')}</p>}
        {data.week && <WeekSection week={data.week} slug={truck.slug} format={format} />}
        {!truck.notTrading && (
          <Suspense fallback={null}>
            <BookingSection truck={truck} />
          </Suspense>
        )}
      </main>
      {count > 0 && !cartOpen && (
        <div className="sf-cart-bar">
          <button type="button" className="sf-primary" onClick={() => setCartOpen(true)} data-testid="open-cart">
            {t('cart.open', { count, total: format.money(priced.subtotal) })}
          </button>
        </div>
      )}
      {chosen && (
        <ItemDialog
          item={chosen}
          format={format}
          onClose={() => setChosen(null)}
          onAdd={(line) => {
            cart.add(line);
            setChosen(null);
          }}
        />
      )}
      {cartOpen && (
        <CartPanel
          truck={truck}
          availability={availability}
          priced={priced}
          cart={cart}
          format={format}
          onClose={() => setCartOpen(false)}
          onPriceChange={refreshMenu}
          onPlaced={(publicId) => navigate(`/t/${encodeURIComponent(truck.slug)}/orders/${publicId}`)}
        />
      )}
    </div>
  );
}
