/** Leaflet icons drawn by CSS (map.css): nothing to fetch, unlike Leaflet's default marker images. */
import { divIcon, type LatLng } from 'leaflet';

export const vertexIcon = divIcon({ className: 'td-map-handle', iconSize: [14, 14] });
export const firstVertexIcon = divIcon({ className: 'td-map-handle td-map-handle--first', iconSize: [16, 16] });
export const pinIcon = divIcon({ className: 'td-map-handle td-map-handle--pin', iconSize: [18, 18] });
/** The truck's base: a square, so it reads apart from pins and handles. */
export const baseIcon = divIcon({ className: 'td-map-marker td-map-marker--base', iconSize: [20, 20] });
/** Where a shift parks the truck. */
export const parkingIcon = divIcon({ className: 'td-map-marker td-map-marker--parking', iconSize: [22, 22] });

/** Six decimals: about 10 cm, finer than anyone can click. */
export const rounded = (latLng: LatLng) => ({ lat: Math.round(latLng.lat * 1e6) / 1e6, lng: Math.round(latLng.lng * 1e6) / 1e6 });
