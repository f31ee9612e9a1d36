import { editBuyback, previewEdition, type BuybackEditionInput } from '../../../../application/buybacks/commands/edit-buyback.js';
import { EditionPreviewView } from '../../../../application/buybacks/edition-views.js';
import type { BuybackPorts } from '../../../../application/buybacks/buyback-ports.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { EDITION_REASON_MAX } from '../../../../domain/buybacks/edition.js';
import { TEXT_BOUNDS } from '../../../../domain/values/text.js';
import { commandContext, commandResult } from '../../command-route.js';
import { defineRoute, type Route } from '../../route.js';
import { NullableText, Text, Type, idParams, responsesSchema } from '../schemas.js';

/**
 * The customer's fields an edition may correct, as a merge-patch (what it
 * leaves out stays, null empties an optional field). Not the e-mail: it
 * names the data subject whose key seals their data.
 */
const customerPatch = Type.Object(
  {
    firstName: Type.Optional(Text(TEXT_BOUNDS.default.max)),
    lastName: Type.Optional(Text(TEXT_BOUNDS.default.max)),
    phone: Type.Optional(Text(100)),
    street: Type.Optional(Text(TEXT_BOUNDS.address.max)),
    streetComplement: Type.Optional(NullableText(TEXT_BOUNDS.address.max)),
    city: Type.Optional(Text(TEXT_BOUNDS.city.max)),
    zipCode: Type.Optional(Text(100)),
    country: Type.Optional(Text(100)),
    iban: Type.Optional(NullableText(100)),
    identity: Type.Optional(
      Type.Union([
        Type.Object(
          { type: Text(100), number: Text(100), issuingAuthority: Type.Optional(NullableText(1000)), deliveryDate: Type.Optional(NullableText(100)) },
          { additionalProperties: false },
        ),
        Type.Null(),
      ]),
    ),
  },
  { additionalProperties: false },
);

const editionBody = Type.Object(
  {
    reason: Text(EDITION_REASON_MAX, 1, { description: 'Why (required): the history shows it.' }),
    customer: Type.Optional(customerPatch),
    responses: Type.Optional(responsesSchema),
  },
  { additionalProperties: false },
);

const previewBody = Type.Object(
  { customer: Type.Optional(customerPatch), responses: Type.Optional(responsesSchema) },
  { additionalProperties: false },
);

const refusals = {
  404: 'No such buyback the caller may see (BUYBACK_NOT_FOUND)',
  409: 'Its device is at the warehouse or it is cancelled (BUYBACK_NOT_EDITABLE); a voucher handed over at its price (BUYBACK_EDITION_PRICE_PAID); its customer forgotten (BUYBACK_CUSTOMER_FORGOTTEN); changed at the same moment (CONCURRENT_MODIFICATION)',
  400: 'A field is invalid (VALIDATION_FAILED names each)',
  422: 'The answers give no estimate (ESTIMATE_NOT_POSSIBLE), or name another product’s question',
} as const;

/**
 * A buyback's edition (specification 000's `buyback/{id}/edit` and
 * `buyback/{id}/edition`): the preview of the recomputed estimate, then the
 * merge-patch that writes only what changed.
 */
export function editionRoutes(ports: BuybackPorts): Route[] {
  const onBuyback = idParams('id');
  return [
    defineRoute({
      method: 'post',
      path: '/buybacks/{id}/edition-preview',
      operationId: 'previewBuybackEdition',
      summary:
        'What an edition would change, nothing written: the customer’s fields whose value changes and the estimate before and after, recomputed by the catalogue’s rules from the answers sent (never a price from the client)',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: editBuyback.permission as string },
      params: onBuyback,
      body: previewBody,
      response: { status: 200, description: 'The preview, with the revision to confirm on', schema: EditionPreviewView },
      otherResponses: refusals,
      async handler({ principal, params, body }) {
        return { body: await previewEdition(ports, principal, { buybackId: params.id, reason: '', ...(body as Omit<BuybackEditionInput, 'buybackId' | 'reason'>) }) };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/buybacks/{id}',
      operationId: 'editBuyback',
      summary:
        'Corrects the customer’s details and the declared answers before its device reaches the warehouse (JSON merge-patch: what it leaves out stays, null empties an optional field), with a required reason; only the changed fields are written, and new answers are priced again by the server. If-Match with its revision: another change since answers 412',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: editBuyback.permission as string },
      params: onBuyback,
      body: editionBody,
      conditional: true,
      idempotent: true,
      response: { status: 200, description: 'Saved (the new revision in ETag; unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: { ...refusals, 412: 'If-Match names another revision: someone changed it since (PRECONDITION_FAILED)' },
      async handler(context) {
        const body = context.body as Omit<BuybackEditionInput, 'buybackId'>;
        return commandResult(await editBuyback.run(ports, commandContext(context), { buybackId: context.params.id, ...body }));
      },
    }),
  ];
}
