import { Type, type Static } from '@sinclair/typebox';
import { EDITABLE_CUSTOMER_FIELDS } from '../../domain/buybacks/edition.js';
import { MoneyView, StringEnum } from '../views/schema.js';

/** One side of an edition's estimate: the grade, the device's price and the total the customer is paid. */
const EstimateSideView = Type.Object({ grade: Type.String(), declaredPrice: MoneyView, price: MoneyView }, { title: 'EditionEstimate' });

/** What an edition would change, computed by the server before it is confirmed (POST /buybacks/{id}/edition-preview). */
export const EditionPreviewView = Type.Object(
  {
    buybackId: Type.String(),
    revision: Type.Integer({ description: 'The revision the preview was computed on: send it in If-Match to confirm.' }),
    customerFields: Type.Array(StringEnum(EDITABLE_CUSTOMER_FIELDS), { description: 'The customer’s fields whose value changes.' }),
    answersChanged: Type.Boolean(),
    before: EstimateSideView,
    after: EstimateSideView,
  },
  { title: 'EditionPreview' },
);
export type EditionPreviewView = Static<typeof EditionPreviewView>;
