import { describe, it } from 'vitest';
import {
  DECLARED_PRICE,
  EDITED_DECLARATION,
  EDITION_REASON,
  checkIn,
  checkedIn,
  completeBuyback,
  completed,
  editBuyback,
  edited,
  eur,
  given,
  registered,
  shipped,
  cancelled,
} from './test-support.js';

describe('editing a buyback', () => {
  it('given a buyback awaiting shipment, when its customer and answers are corrected, then only what changed is recorded, with why', () => {
    given(registered()).when(editBuyback()).thenEvents([edited()]).andStatus('bb_awaiting_inventory');
  });

  it('given a buyback in transit, when only its customer is corrected, then no declaration is recorded', () => {
    given(registered(), shipped())
      .when(editBuyback({ customerFields: ['city', 'zipCode'], declaration: null }))
      .thenEvents([edited({ customerFields: ['city', 'zipCode'], declaration: null })])
      .andStatus('bb_in_transit');
  });

  it('given a buyback, when nothing changed, then nothing is recorded', () => {
    given(registered()).when(editBuyback({ customerFields: [], declaration: null })).thenEvents([]);
  });

  it('given a buyback, when the reason is blank or longer than 255 characters, then it is refused', () => {
    given(registered()).when(editBuyback({ reason: '   ' })).thenRefused('BUYBACK_EDITION_REASON_INVALID', { max: 255 });
    given(registered()).when(editBuyback({ reason: 'x'.repeat(256) })).thenRefused('BUYBACK_EDITION_REASON_INVALID', { length: 256 });
  });

  it('given a buyback whose reason is padded, when it is corrected, then the reason is kept trimmed', () => {
    given(registered()).when(editBuyback({ reason: `  ${EDITION_REASON}  ` })).thenEvents([edited()]);
  });

  it('given a buyback checked in at the warehouse, when it is corrected, then it is refused as no longer editable', () => {
    given(registered(), shipped(), checkedIn()).when(editBuyback()).thenRefused('BUYBACK_NOT_EDITABLE', { status: 'bb_in_processing' });
  });

  it('given a cancelled buyback, when it is corrected, then it is refused as no longer editable', () => {
    given(registered(), cancelled()).when(editBuyback()).thenRefused('BUYBACK_NOT_EDITABLE', { status: 'bb_cancelled' });
  });

  it('given a voucher handed over in the store, when the answers change its price, then it is refused (the voucher is the money)', () => {
    given(registered({ channel: 'store', paymentType: 'voucher' })).when(editBuyback()).thenRefused('BUYBACK_EDITION_PRICE_PAID', { paymentStatus: 'payment_completed' });
  });

  it('given a voucher handed over in the store, when its customer is corrected or the answers keep its price, then it is recorded', () => {
    const samePrice = { ...EDITED_DECLARATION, declaredPrice: DECLARED_PRICE };
    given(registered({ channel: 'store', paymentType: 'voucher' }))
      .when(editBuyback({ declaration: samePrice }))
      .thenEvents([edited({ declaration: samePrice })]);
  });

  it('given a corrected buyback, when it is completed without a check, then the corrected price is validated (its payment follows it)', () => {
    given(registered(), edited(), shipped(), checkedIn()).when(completeBuyback()).thenEvents([completed(EDITED_DECLARATION.declaredPrice)]);
  });

  it('given a buyback corrected once, when its answers are corrected again, then the price before is the first correction’s', () => {
    const again = { ...EDITED_DECLARATION, grade: 'D', declaredPrice: eur(5_000) };
    given(registered(), edited())
      .when(editBuyback({ customerFields: [], declaration: again }))
      .thenEvents([edited({ customerFields: [], declaration: again, previousPrice: EDITED_DECLARATION.declaredPrice })]);
  });

  it('given a corrected buyback in transit, when it is checked in, then it is checked in as usual', () => {
    given(registered(), shipped(), edited()).when(checkIn()).thenEvents([checkedIn()]).andStatus('bb_in_processing', 'checking');
  });
});
