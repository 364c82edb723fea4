/**
 * The customer's truck page: an entry of its own (storefront.html), apart from the back office. It
 * never loads the back-office shell, its store or its session rules (the sign-in redirects of
 * session-guard.tsx), so a visitor of /t/* is never sent anywhere.
 */
import { createRoot } from 'react-dom/client';
import { readPageData } from './page-data';
import { StorefrontApp } from './storefront-app';
import './storefront.css';

createRoot(document.getElementById('root')!).render(<StorefrontApp data={readPageData()} />);
