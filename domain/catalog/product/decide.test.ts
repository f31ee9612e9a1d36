import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import type { ProductCreated } from '../events.js';
import { productDecider, type ChangeProduct, type CreateProduct } from './decide.js';
import type { ProductFields } from './product-events.js';
import * as images from './product-image.js';

const spec = deciderSpecification(productDecider);
const productId = 'p1';
const facts = { knownCategoryIds: ['phones', 'tablets', 'watches'] };

const fields = (overrides: Partial<ProductFields> = {}): ProductFields => ({
  label: 'iPhone 13 128 Go',
  brand: 'Apple',
  model: 'A2633',
  reference: null,
  buyerReference: null,
  ean: '0194252707654',
  tacCodes: ['35391911'],
  categoryId: 'phones',
  secondaryCategoryIds: [],
  comment: null,
  simple: false,
  isCollectingImei: true,
  buybackZeroNotAllowed: false,
  heightCm: null,
  lengthCm: null,
  widthCm: null,
  weightGrams: 240,
  nominalHeightCm: null,
  nominalLengthCm: null,
  nominalWidthCm: null,
  nominalWeightGrams: null,
  imageUrl: null,
  imageHdUrl: null,
  translations: null,
  ...overrides,
});

const create = (overrides: Partial<ProductFields> = {}, prices: CreateProduct['data']['prices'] = { grade_a: 30_000 }): CreateProduct => ({
  type: 'CreateProduct',
  data: { productId, fields: fields(overrides), prices, status: 'draft', currency: 'EUR', facts },
});

const created = (): ProductCreated => ({
  type: 'ProductCreated',
  data: {
    productId,
    ...fields(),
    status: 'draft',
    currency: 'EUR',
    prices: { functional: null, grade_a: 30_000, grade_b: null, grade_c: null, grade_d: null, grade_e: null },
  },
});

const change = (data: Omit<ChangeProduct['data'], 'productId' | 'facts'>): ChangeProduct => ({ type: 'ChangeProduct', data: { productId, facts, ...data } });

describe('a product', () => {
  it('is created with its fields normalised and every state priced (null: not bought back)', () => {
    spec.given().when(create({ label: '  iPhone 13 128 Go ', comment: '  ' })).then([created()]);
  });

  it('refuses every broken field at once, each named with its code', () => {
    const refusal = spec
      .given()
      .when(
        create(
          { label: 'i', ean: '0194252707655', tacCodes: ['1234567'], comment: 'x'.repeat(501), categoryId: 'unknown', heightCm: 1.5, weightGrams: -1 },
          { grade_a: 5_000_001, grade_b: 12.5 },
        ),
      )
      .thenRefused('PRODUCT_INVALID');
    const codes = (refusal.details.fields as Array<{ field: string; code: string }>).map((p) => `${p.field}:${p.code}`);
    expect(codes.sort()).toEqual(
      [
        'label:TEXT_LENGTH',
        'ean:GTIN_CHECK_DIGIT_INVALID',
        'tacCodes:TAC_CODE_INVALID',
        'comment:TEXT_LENGTH',
        'categoryId:PRODUCT_CATEGORY_NOT_FOUND',
        'heightCm:PRODUCT_DIMENSION_INVALID',
        'weightGrams:PRODUCT_WEIGHT_INVALID',
        'prices.grade_a:PRODUCT_PRICE_INVALID',
        'prices.grade_b:PRODUCT_PRICE_INVALID',
      ].sort(),
    );
  });

  it('takes EAN/GTIN of 8, 12, 13 and 14 digits with their check digit, and prices from 0 to 50,000 euros', () => {
    for (const ean of ['96385074', '036000291452', '4006381333931', '10012345678902']) {
      spec.given().when(create({ ean }, { grade_a: 0, functional: 5_000_000 })).then([
        { ...created(), data: { ...created().data, ean, prices: { ...created().data.prices, grade_a: 0, functional: 5_000_000 } } },
      ]);
    }
    spec.given().when(create({ ean: '4006381333932' })).thenRefused('PRODUCT_INVALID', { fields: [{ field: 'ean', code: 'GTIN_CHECK_DIGIT_INVALID' }] });
  });

  it('is created once', () => {
    spec.given(created()).when(create()).thenRefused('PRODUCT_ALREADY_EXISTS');
  });

  it('writes only the fields that changed', () => {
    spec
      .given(created())
      .when(change({ changes: { label: 'iPhone 13 128 Go', brand: 'Apple', comment: 'Vérifier la batterie', secondaryCategoryIds: ['tablets'] } }))
      .then([{ type: 'ProductChanged', data: { productId, changes: { comment: 'Vérifier la batterie', secondaryCategoryIds: ['tablets'] } } }]);
  });

  it('writes the prices of the states that changed, and nothing when nothing changed', () => {
    spec
      .given(created())
      .when(change({ changes: {}, prices: { grade_a: 30_000, grade_b: 25_000, functional: null } }))
      .then([{ type: 'ProductPriced', data: { productId, prices: { grade_b: 25_000 } } }]);
    spec.given(created()).when(change({ changes: { label: 'iPhone 13 128 Go' }, prices: { grade_a: 30_000 } })).then([]);
  });

  it('is published and unpublished, each a fact of its own', () => {
    const { state } = spec.given(created()).when(change({ changes: {}, status: 'published' })).then([{ type: 'ProductPublished', data: { productId } }]);
    expect(state.product?.status).toBe('published');
    spec
      .given(created(), { type: 'ProductPublished', data: { productId } })
      .when(change({ changes: {}, status: 'draft' }))
      .then([{ type: 'ProductUnpublished', data: { productId } }]);
  });

  it('refuses a change that empties a required field, and a product that does not exist', () => {
    spec.given(created()).when(change({ changes: { label: null as unknown as string } })).thenRefused('PRODUCT_INVALID', { fields: [{ field: 'label', code: 'TEXT_REQUIRED' }] });
    spec.given().when(change({ changes: { label: 'x' } })).thenRefused('PRODUCT_NOT_FOUND');
  });

  it('keeps its translations of label and comment within their bounds', () => {
    spec
      .given(created())
      .when(change({ changes: { translations: { 'en-GB': { label: 'x', other: 'dropped' } } } }))
      .thenRefused('PRODUCT_INVALID', { fields: [{ field: 'translations.en-GB.label', code: 'TEXT_LENGTH' }] });
    spec
      .given(created())
      .when(change({ changes: { translations: { 'de-DE': { comment: ' Akku prüfen ', other: 'dropped' } } } }))
      .then([{ type: 'ProductChanged', data: { productId, changes: { translations: { 'de-DE': { comment: 'Akku prüfen' } } } } }]);
  });
});

describe('a product image', () => {
  const { productImageDecider, PRODUCT_IMAGE_MAX_BYTES } = images;
  const imageSpec = deciderSpecification(productImageDecider);
  const upload = (detectedType: string | null, size: number, kind: 'image' | 'hd' = 'image') => ({
    type: 'UploadProductImage' as const,
    data: { imageId: 'h1', kind, detectedType, content: new Uint8Array(size).fill(65) },
  });

  it('is kept once, JPEG or PNG by its content, within its kind’s size', () => {
    const { events } = imageSpec.given().when(upload('image/png', 3)).then([
      { type: 'ProductImageUploaded', data: { imageId: 'h1', contentType: 'image/png', bytes: 3, base64: 'QUFB' } },
    ]);
    imageSpec.given(...events).when(upload('image/png', 3)).then([]);
  });

  it('refuses another type (a GIF, a PDF named .jpg) and a file over 250 kB, or 1 MB for the HD image', () => {
    imageSpec.given().when(upload('image/gif', 3)).thenRefused('PRODUCT_IMAGE_TYPE_INVALID');
    imageSpec.given().when(upload(null, 3)).thenRefused('PRODUCT_IMAGE_TYPE_INVALID');
    imageSpec.given().when(upload('image/jpeg', PRODUCT_IMAGE_MAX_BYTES.image + 1)).thenRefused('PRODUCT_IMAGE_TOO_LARGE', { maxKb: 250 });
    imageSpec.given().when(upload('image/jpeg', PRODUCT_IMAGE_MAX_BYTES.image + 1, 'hd')).then([
      expect.objectContaining({ type: 'ProductImageUploaded' }) as never,
    ]);
    imageSpec.given().when(upload('image/jpeg', PRODUCT_IMAGE_MAX_BYTES.hd + 1, 'hd')).thenRefused('PRODUCT_IMAGE_TOO_LARGE', { maxKb: 1024 });
  });
});
