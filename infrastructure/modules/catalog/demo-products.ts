/**
 * The demo catalogue's few hundred real-world products (issue 21, "Demo
 * data"): phones, tablets, laptops, consoles and watches of many brands, in
 * their storage variants, across the demo tree, some in draft. Their EANs are
 * made by demo-data.ts (the brand's GS1 prefix, a valid check digit). The
 * search's relevance is measured on this catalogue (bench/search-relevance.ts).
 */
import type { ProductFlag, ProductRow } from './demo-catalog-tables.js';
import { DEMO_PRODUCTS } from './demo-catalog-tables.js';

/** Brand, model (as the manufacturer names it), category identifier, grade A price of the smallest storage (cents), storages, flags. */
type Family = readonly [string, string, string, number, readonly string[], ...ProductFlag[]];

const PHONE: ProductFlag[] = ['imei'];

const FAMILIES: readonly Family[] = [
  // Apple iPhone
  ['Apple', 'iPhone XR', 'apple-iphone', 6000, ['64 Go', '128 Go'], ...PHONE, 'noE'],
  ['Apple', 'iPhone XS', 'apple-iphone', 6500, ['64 Go', '256 Go'], ...PHONE, 'noE'],
  ['Apple', 'iPhone XS Max', 'apple-iphone', 7500, ['64 Go', '256 Go'], ...PHONE, 'noE'],
  ['Apple', 'iPhone 11', 'apple-iphone', 9000, ['128 Go', '256 Go'], ...PHONE],
  ['Apple', 'iPhone 11 Pro', 'apple-iphone', 11000, ['64 Go', '256 Go'], ...PHONE],
  ['Apple', 'iPhone 11 Pro Max', 'apple-iphone', 13000, ['64 Go', '256 Go'], ...PHONE],
  ['Apple', 'iPhone SE (2020)', 'apple-iphone', 5000, ['64 Go', '128 Go'], ...PHONE],
  ['Apple', 'iPhone SE (2022)', 'apple-iphone', 9000, ['64 Go', '128 Go', '256 Go'], ...PHONE],
  ['Apple', 'iPhone 12 mini', 'apple-iphone', 11000, ['64 Go', '128 Go'], ...PHONE],
  ['Apple', 'iPhone 12', 'apple-iphone', 13000, ['256 Go'], ...PHONE],
  ['Apple', 'iPhone 12 Pro', 'apple-iphone', 18000, ['128 Go', '256 Go', '512 Go'], ...PHONE],
  ['Apple', 'iPhone 12 Pro Max', 'apple-iphone', 21000, ['128 Go', '256 Go', '512 Go'], ...PHONE],
  ['Apple', 'iPhone 13 mini', 'apple-iphone', 18000, ['256 Go', '512 Go'], ...PHONE],
  ['Apple', 'iPhone 13', 'apple-iphone', 22000, ['256 Go', '512 Go'], ...PHONE],
  ['Apple', 'iPhone 13 Pro', 'apple-iphone', 28000, ['128 Go', '256 Go', '512 Go', '1 To'], ...PHONE],
  ['Apple', 'iPhone 13 Pro Max', 'apple-iphone', 32000, ['128 Go', '256 Go', '512 Go', '1 To'], ...PHONE],
  ['Apple', 'iPhone 14', 'apple-iphone', 30000, ['512 Go'], ...PHONE],
  ['Apple', 'iPhone 14 Plus', 'apple-iphone', 33000, ['128 Go', '256 Go', '512 Go'], ...PHONE],
  ['Apple', 'iPhone 14 Pro', 'apple-iphone', 40000, ['256 Go', '512 Go', '1 To'], ...PHONE],
  ['Apple', 'iPhone 14 Pro Max', 'apple-iphone', 45000, ['128 Go', '512 Go', '1 To'], ...PHONE],
  ['Apple', 'iPhone 15', 'apple-iphone', 42000, ['512 Go'], ...PHONE],
  ['Apple', 'iPhone 15 Plus', 'apple-iphone', 46000, ['128 Go', '256 Go', '512 Go'], ...PHONE],
  ['Apple', 'iPhone 15 Pro', 'apple-iphone', 55000, ['128 Go', '512 Go', '1 To'], ...PHONE],
  ['Apple', 'iPhone 15 Pro Max', 'apple-iphone', 68000, ['512 Go', '1 To'], ...PHONE],
  ['Apple', 'iPhone 16', 'apple-iphone', 55000, ['256 Go', '512 Go'], ...PHONE],
  ['Apple', 'iPhone 16 Plus', 'apple-iphone', 60000, ['128 Go', '256 Go'], ...PHONE],
  ['Apple', 'iPhone 16 Pro', 'apple-iphone', 70000, ['128 Go', '512 Go', '1 To'], ...PHONE],
  ['Apple', 'iPhone 16 Pro Max', 'apple-iphone', 85000, ['256 Go', '1 To'], ...PHONE, 'draft'],
  // Samsung Galaxy
  ['Samsung', 'Galaxy S20', 'samsung-galaxy', 7000, ['128 Go'], ...PHONE, 'noE'],
  ['Samsung', 'Galaxy S20 FE', 'samsung-galaxy', 6000, ['128 Go', '256 Go'], ...PHONE, 'noE'],
  ['Samsung', 'Galaxy S20 Ultra', 'samsung-galaxy', 9000, ['128 Go', '512 Go'], ...PHONE],
  ['Samsung', 'Galaxy S21', 'samsung-galaxy', 9000, ['256 Go'], ...PHONE],
  ['Samsung', 'Galaxy S21 FE', 'samsung-galaxy', 8000, ['128 Go', '256 Go'], ...PHONE],
  ['Samsung', 'Galaxy S21 Ultra', 'samsung-galaxy', 14000, ['128 Go', '256 Go', '512 Go'], ...PHONE],
  ['Samsung', 'Galaxy S22', 'samsung-galaxy', 13000, ['256 Go'], ...PHONE],
  ['Samsung', 'Galaxy S22+', 'samsung-galaxy', 16000, ['5G 128 Go', '5G 256 Go'], ...PHONE],
  ['Samsung', 'Galaxy S22 Ultra', 'samsung-galaxy', 21000, ['128 Go', '512 Go'], ...PHONE],
  ['Samsung', 'Galaxy S23', 'samsung-galaxy', 20000, ['256 Go'], ...PHONE],
  ['Samsung', 'Galaxy S23+', 'samsung-galaxy', 24000, ['5G 256 Go', '5G 512 Go'], ...PHONE],
  ['Samsung', 'Galaxy S23 FE', 'samsung-galaxy', 15000, ['128 Go', '256 Go'], ...PHONE],
  ['Samsung', 'Galaxy S23 Ultra', 'samsung-galaxy', 33000, ['512 Go', '1 To'], ...PHONE],
  ['Samsung', 'Galaxy S24', 'samsung-galaxy', 30000, ['512 Go'], ...PHONE],
  ['Samsung', 'Galaxy S24+', 'samsung-galaxy', 36000, ['5G 512 Go'], ...PHONE],
  ['Samsung', 'Galaxy S24 Ultra', 'samsung-galaxy', 48000, ['512 Go', '1 To'], ...PHONE],
  ['Samsung', 'Galaxy S24 FE', 'samsung-galaxy', 26000, ['128 Go', '256 Go'], ...PHONE, 'draft'],
  ['Samsung', 'Galaxy Z Flip4', 'samsung-galaxy', 18000, ['128 Go', '256 Go'], ...PHONE],
  ['Samsung', 'Galaxy Z Flip5', 'samsung-galaxy', 27000, ['512 Go'], ...PHONE],
  ['Samsung', 'Galaxy Z Fold4', 'samsung-galaxy', 30000, ['256 Go', '512 Go'], ...PHONE],
  ['Samsung', 'Galaxy Z Fold5', 'samsung-galaxy', 42000, ['256 Go', '512 Go', '1 To'], ...PHONE],
  ['Samsung', 'Galaxy A14', 'samsung-galaxy', 3000, ['64 Go', '128 Go'], ...PHONE, 'noE'],
  ['Samsung', 'Galaxy A34 5G', 'samsung-galaxy', 7000, ['128 Go', '256 Go'], ...PHONE, 'noE'],
  ['Samsung', 'Galaxy A54 5G', 'samsung-galaxy', 9500, ['256 Go'], ...PHONE, 'noE'],
  ['Samsung', 'Galaxy A55 5G', 'samsung-galaxy', 14000, ['128 Go', '256 Go'], ...PHONE],
  ['Samsung', 'Galaxy Note20 Ultra', 'samsung-galaxy', 12000, ['256 Go', '512 Go'], ...PHONE],
  // Google Pixel
  ['Google', 'Pixel 6', 'google-pixel', 8000, ['256 Go'], ...PHONE],
  ['Google', 'Pixel 6 Pro', 'google-pixel', 11000, ['256 Go'], ...PHONE],
  ['Google', 'Pixel 6a', 'google-pixel', 7000, ['128 Go'], ...PHONE],
  ['Google', 'Pixel 7', 'google-pixel', 13000, ['256 Go'], ...PHONE],
  ['Google', 'Pixel 7 Pro', 'google-pixel', 18000, ['256 Go', '512 Go'], ...PHONE],
  ['Google', 'Pixel 7a', 'google-pixel', 12000, ['128 Go'], ...PHONE],
  ['Google', 'Pixel 8', 'google-pixel', 22000, ['256 Go'], ...PHONE],
  ['Google', 'Pixel 8 Pro', 'google-pixel', 30000, ['256 Go', '512 Go'], ...PHONE],
  ['Google', 'Pixel 9', 'google-pixel', 36000, ['128 Go', '256 Go'], ...PHONE],
  ['Google', 'Pixel 9 Pro', 'google-pixel', 45000, ['128 Go', '256 Go', '512 Go'], ...PHONE],
  // Other smartphones
  ['Xiaomi', 'Redmi Note 12', 'smartphones', 5000, ['64 Go', '128 Go'], ...PHONE, 'noE'],
  ['Xiaomi', 'Redmi Note 13 Pro', 'smartphones', 9000, ['256 Go', '512 Go'], ...PHONE],
  ['Xiaomi', '13T', 'smartphones', 16000, ['256 Go'], ...PHONE],
  ['Xiaomi', '14', 'smartphones', 28000, ['256 Go', '512 Go'], ...PHONE],
  ['OnePlus', '11', 'smartphones', 18000, ['128 Go', '256 Go'], ...PHONE],
  ['OnePlus', '12', 'smartphones', 30000, ['256 Go', '512 Go'], ...PHONE],
  ['OnePlus', 'Nord 3', 'smartphones', 11000, ['128 Go', '256 Go'], ...PHONE],
  ['Oppo', 'Find X5 Pro', 'smartphones', 17000, ['256 Go'], ...PHONE],
  ['Huawei', 'P30 Pro', 'smartphones', 6000, ['128 Go', '256 Go'], ...PHONE, 'noE'],
  ['Fairphone', '4', 'smartphones', 12000, ['128 Go', '256 Go'], ...PHONE],
  ['Fairphone', '5', 'smartphones', 25000, ['256 Go'], ...PHONE],
  ['Motorola', 'Edge 40', 'smartphones', 11000, ['256 Go'], ...PHONE],
  ['Sony', 'Xperia 1 V', 'smartphones', 35000, ['256 Go'], ...PHONE],
  ['Nothing', 'Phone (2)', 'smartphones', 20000, ['128 Go', '256 Go', '512 Go'], ...PHONE],
  // Tablets
  ['Apple', 'iPad (9e génération)', 'tablettes', 13000, ['64 Go Wi-Fi', '256 Go Wi-Fi', '64 Go Wi-Fi + Cellular']],
  ['Apple', 'iPad (10e génération)', 'tablettes', 20000, ['256 Go Wi-Fi', '64 Go Wi-Fi + Cellular']],
  ['Apple', 'iPad Air (5e génération)', 'tablettes', 28000, ['64 Go Wi-Fi', '256 Go Wi-Fi']],
  ['Apple', 'iPad mini (6e génération)', 'tablettes', 22000, ['64 Go Wi-Fi', '256 Go Wi-Fi', '64 Go Wi-Fi + Cellular']],
  ['Apple', 'iPad Pro 11" (M2)', 'tablettes', 50000, ['256 Go Wi-Fi', '512 Go Wi-Fi']],
  ['Apple', 'iPad Pro 12,9" (M2)', 'tablettes', 65000, ['128 Go Wi-Fi', '256 Go Wi-Fi', '1 To Wi-Fi + Cellular']],
  ['Samsung', 'Galaxy Tab S8', 'tablettes', 25000, ['128 Go Wi-Fi', '256 Go 5G']],
  ['Samsung', 'Galaxy Tab S9', 'tablettes', 35000, ['128 Go Wi-Fi', '256 Go Wi-Fi']],
  ['Samsung', 'Galaxy Tab S9 FE', 'tablettes', 20000, ['128 Go Wi-Fi', '256 Go Wi-Fi']],
  ['Samsung', 'Galaxy Tab A8', 'tablettes', 6000, ['32 Go Wi-Fi', '64 Go Wi-Fi'], 'noE'],
  ['Microsoft', 'Surface Pro 9', 'tablettes', 45000, ['256 Go', '512 Go']],
  ['Lenovo', 'Tab P11', 'tablettes', 8000, ['64 Go Wi-Fi', '128 Go Wi-Fi'], 'noE'],
  // Laptops
  ['Apple', 'MacBook Air 13" (M2, 2022)', 'ordinateurs-portables', 60000, ['512 Go']],
  ['Apple', 'MacBook Air 13" (M3, 2024)', 'ordinateurs-portables', 75000, ['256 Go', '512 Go']],
  ['Apple', 'MacBook Air 15" (M2, 2023)', 'ordinateurs-portables', 70000, ['256 Go', '512 Go']],
  ['Apple', 'MacBook Pro 13" (M2, 2022)', 'ordinateurs-portables', 70000, ['256 Go', '512 Go']],
  ['Apple', 'MacBook Pro 14" (M3 Pro, 2023)', 'ordinateurs-portables', 140000, ['512 Go', '1 To']],
  ['Apple', 'MacBook Pro 16" (M3 Max, 2023)', 'ordinateurs-portables', 220000, ['1 To']],
  ['Dell', 'XPS 13 9315', 'ordinateurs-portables', 45000, ['512 Go']],
  ['Lenovo', 'ThinkPad X1 Carbon Gen 11', 'ordinateurs-portables', 70000, ['512 Go', '1 To']],
  ['HP', 'EliteBook 840 G9', 'ordinateurs-portables', 40000, ['256 Go', '512 Go']],
  ['Microsoft', 'Surface Laptop 5', 'ordinateurs-portables', 50000, ['256 Go', '512 Go']],
  ['Asus', 'ZenBook 14 OLED', 'ordinateurs-portables', 40000, ['512 Go']],
  // Consoles
  ['Sony', 'PlayStation 4 Slim', 'consoles', 8000, ['500 Go', '1 To'], 'noE'],
  ['Sony', 'PlayStation 4 Pro', 'consoles', 11000, ['1 To']],
  ['Sony', 'PlayStation 5 Slim', 'consoles', 30000, ['1 To']],
  ['Sony', 'PlayStation 5 Slim Digital Edition', 'consoles', 26000, ['1 To']],
  ['Sony', 'PlayStation 5 Pro', 'consoles', 50000, ['2 To']],
  ['Microsoft', 'Xbox One S', 'consoles', 6000, ['500 Go', '1 To'], 'noE'],
  ['Microsoft', 'Xbox One X', 'consoles', 9000, ['1 To'], 'noE'],
  ['Nintendo', 'Switch Lite', 'consoles', 8000, ['32 Go']],
  ['Valve', 'Steam Deck OLED', 'consoles', 35000, ['512 Go', '1 To']],
  // Watches (sizes, not storage)
  ['Apple', 'Watch SE (2e génération)', 'montres-connectees', 9000, ['GPS 40 mm', 'GPS 44 mm', 'GPS + Cellular 44 mm']],
  ['Apple', 'Watch Series 7', 'montres-connectees', 10000, ['GPS 41 mm', 'GPS 45 mm']],
  ['Apple', 'Watch Series 8', 'montres-connectees', 12000, ['GPS 41 mm', 'GPS 45 mm', 'GPS + Cellular 45 mm']],
  ['Apple', 'Watch Series 9', 'montres-connectees', 13000, ['GPS 45 mm', 'GPS + Cellular 41 mm']],
  ['Apple', 'Watch Series 10', 'montres-connectees', 20000, ['GPS 42 mm', 'GPS 46 mm']],
  ['Apple', 'Watch Ultra', 'montres-connectees', 30000, ['49 mm']],
  ['Samsung', 'Galaxy Watch5', 'montres-connectees', 8000, ['40 mm', '44 mm']],
  ['Samsung', 'Galaxy Watch5 Pro', 'montres-connectees', 12000, ['45 mm']],
  ['Samsung', 'Galaxy Watch6 Classic', 'montres-connectees', 14000, ['43 mm', '47 mm']],
  ['Google', 'Pixel Watch 2', 'montres-connectees', 14000, ['41 mm Wi-Fi', '41 mm LTE']],
  ['Garmin', 'Fenix 7', 'montres-connectees', 25000, ['47 mm']],
  ['Garmin', 'Forerunner 265', 'montres-connectees', 20000, ['46 mm']],
];

/** The extra storage's price: a step up per size, never below the smallest's. */
function priceOf(base: number, index: number): number {
  return Math.round((base * (1 + 0.12 * index)) / 100) * 100;
}

/** The label a retailer writes: brand, model, variant ("Apple iPhone 13 256 Go", "Xiaomi 14 512 Go"). */
function labelOf(brand: string, model: string, variant: string): string {
  return `${brand} ${model} ${variant}`.replace(/\s+/g, ' ').trim();
}

const existing = new Set(DEMO_PRODUCTS.map(([label]) => label));

/** The products the demo adds to DEMO_PRODUCTS (none of the same label; a "+" model says "5G", its slug, the stream's name, would be a plain model's). */
export const DEMO_SEARCH_PRODUCTS: readonly ProductRow[] = FAMILIES.flatMap(([brand, model, category, base, variants, ...flags]) =>
  variants.map((variant, index): ProductRow => [labelOf(brand, model, variant), brand, model, category, priceOf(base, index), ...flags]),
).filter(([label]) => !existing.has(label));
