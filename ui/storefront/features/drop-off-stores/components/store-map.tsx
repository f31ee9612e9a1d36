/**
 * The stores on a map (Leaflet, raster tiles from the installation's tile
 * URL). Loaded only by the /stores page, and only when the retailer turned
 * the map on: neither Leaflet nor its styles are part of any other page.
 * Tiles that cannot load (an offline kiosk, a test machine) make it say so:
 * the page then keeps the list alone.
 */
import { Box } from '@chakra-ui/react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { DropOffStores } from '../api/get-drop-off-stores';

/** No tile at all within this long: the tile server is out of reach. */
export const TILES_TIMEOUT_MS = 8_000;

export interface StoreMapProps {
  stores: DropOffStores['items'];
  origin: DropOffStores['origin'];
  tiles: NonNullable<DropOffStores['tiles']>;
  /** The retailer's main colour, for the stores' markers. */
  color: string;
  label: string;
  youAreHere: string;
  onUnavailable(): void;
}

export default function StoreMap({ stores, origin, tiles, color, label, youAreHere, onUnavailable }: StoreMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;

  useEffect(() => {
    if (!element.current) return;
    const map = L.map(element.current, { scrollWheelZoom: false, attributionControl: true });
    let loaded = false;
    let failed = false;
    const fail = () => {
      if (loaded || failed) return;
      failed = true;
      unavailable.current();
    };
    const layer = L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 18 });
    layer.on('tileload', () => {
      loaded = true;
    });
    layer.on('tileerror', fail);
    layer.addTo(map);
    const timer = window.setTimeout(fail, TILES_TIMEOUT_MS);

    const points: L.LatLngExpression[] = [];
    for (const store of stores) {
      if (store.latitude === null || store.longitude === null) continue;
      const at: L.LatLngExpression = [store.latitude, store.longitude];
      points.push(at);
      // Text content, never HTML: a store's name is typed by the retailer's staff.
      const tooltip = document.createElement('span');
      tooltip.textContent = store.name;
      L.circleMarker(at, { radius: 9, color: '#ffffff', weight: 2, fillColor: color, fillOpacity: 1, className: 'store-marker' }).bindTooltip(tooltip).addTo(map);
    }
    if (origin) {
      const here = document.createElement('span');
      here.textContent = youAreHere;
      L.circleMarker([origin.latitude, origin.longitude], { radius: 6, color: '#1a365d', fillColor: '#3182ce', fillOpacity: 1 }).bindTooltip(here).addTo(map);
    }
    const nearest = origin ? [[origin.latitude, origin.longitude] as L.LatLngExpression, ...points.slice(0, 3)] : points;
    if (nearest.length > 1) map.fitBounds(L.latLngBounds(nearest), { padding: [32, 32], maxZoom: 14 });
    else if (nearest.length === 1) map.setView(nearest[0] as L.LatLngExpression, 13);
    else map.setView([46.6, 2.4], 5);

    return () => {
      window.clearTimeout(timer);
      map.remove();
    };
  }, [stores, origin, tiles, color]);

  return <Box ref={element} role="region" aria-label={label} h={{ base: '320px', md: '420px' }} borderRadius="md" borderWidth="1px" data-testid="store-map" />;
}
