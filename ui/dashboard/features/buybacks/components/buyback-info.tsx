import { formatIban } from '@server/domain/values/iban';
import { Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney } from '../../../../shared/format/format';
import { useGradeLabel } from '../../../../shared/format/grade';
import { nameIn, useBuybackReferences } from '../api/get-buyback-references';
import { isCustomerData, type Buyback, type CustomerView } from '../types';
import { FactsSection, Facts } from '../../../components/facts';
import { BuybackPayment } from './buyback-payment';
import { StatusHistory } from './status-history';

/**
 * The customer as the API sends them: for roles whose work does not need
 * them, the IBAN comes masked (`FR••••0189`, shown as it is) and the identity
 * document without its number (`sensitiveShown: false`); the full IBAN is
 * printed in groups of four.
 */
function ibanShown(customer: CustomerView): string | null {
  if (!customer.iban) return null;
  return customer.sensitiveShown ? formatIban(customer.iban) : customer.iban;
}

/** What chose the warehouse: a dispatch rule (by the nearest of its warehouses, or not) or the account's default. */
function dispatchText(buyback: Buyback, t: TFunction<'buybacks'>): string | null {
  const dispatch = buyback.dispatch;
  if (!dispatch) return null;
  if (dispatch.by === 'default' || !dispatch.ruleTitle) return t('fields.dispatchDefault');
  return t(dispatch.nearest ? 'fields.dispatchNearest' : 'fields.dispatchRule', { title: dispatch.ruleTitle });
}

/** The "buyback info" tab: customer, status history, shipping, payment, product, other. */
export function BuybackInfo({ buyback }: { buyback: Buyback }) {
  const { t, i18n } = useTranslation(['buybacks', 'api']);
  const gradeLabel = useGradeLabel();
  const references = useBuybackReferences().data;
  const money = (value: Buyback['declaredPrice'] | null) => (value ? formatMoney(value, i18n.language) : null);
  const customer = buyback.customer;

  return (
    <Stack gap="5">
      <FactsSection id="section-customer" title={t('sections.customer')}>
        {isCustomerData(customer) ? (
          <Facts
            items={[
              [t('customer.name'), `${customer.firstName} ${customer.lastName}`],
              [t('customer.email'), customer.email],
              [t('customer.phone'), customer.phone],
              [
                t('customer.address'),
                <Text as="span" whiteSpace="pre-line" key="address">
                  {[customer.street, customer.streetComplement, `${customer.zipCode} ${customer.city}`, customer.country].filter(Boolean).join('\n')}
                </Text>,
              ],
              [t('customer.iban'), ibanShown(customer)],
              [
                t('customer.identity'),
                customer.identity
                  ? [
                      [t(`identityTypes.${customer.identity.type}`, { defaultValue: customer.identity.type }), customer.identity.number].filter(Boolean).join(' '),
                      customer.identity.issuingAuthority,
                      // Null when only the customer ID (type and number) was asked.
                      customer.identity.deliveryDate ? formatDate(customer.identity.deliveryDate, i18n.language) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')
                  : null,
              ],
            ]}
          />
        ) : (
          <Text color="fg.muted">{t('customer.forgottenExplained')}</Text>
        )}
        {isCustomerData(customer) && !customer.sensitiveShown && (customer.iban || customer.identity) && (
          <Text mt="3" fontSize="sm" color="fg.muted" data-testid="customer-sensitive-hidden">
            {t('customer.sensitiveHidden')}
          </Text>
        )}
      </FactsSection>

      <FactsSection id="section-history" title={t('sections.history')}>
        <StatusHistory id={buyback.id} />
      </FactsSection>

      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5">
        <FactsSection id="section-shipping" title={t('sections.shipping')}>
          <Facts
            items={[
              [t('fields.circuit'), `${buyback.circuit.name} (${t(`deposits.${buyback.circuit.deposit}`, { defaultValue: buyback.circuit.deposit })})`],
              [t('fields.shippingMethod'), nameIn(references?.shippingMethods, buyback.shippingMethodId)],
              [t('fields.warehouse'), nameIn(references?.warehouses, buyback.warehouseId)],
              [t('fields.dispatch'), dispatchText(buyback, t)],
              [t('fields.package'), buyback.package?.number ?? null],
              [t('fields.carrier'), buyback.tracking?.carrier ?? null],
              [t('fields.trackingNumber'), buyback.tracking?.number ?? null],
              [t('fields.deliveryStatus'), buyback.deliveryStatus ? t(`api:delivery.statuses.${buyback.deliveryStatus}`) : null],
              [
                t('fields.trackingLink'),
                buyback.tracking?.link ? (
                  <Link href={buyback.tracking.link} target="_blank" rel="noopener noreferrer" textDecoration="underline" key="link">
                    {buyback.tracking.link}
                  </Link>
                ) : null,
              ],
            ]}
          />
        </FactsSection>

        <FactsSection id="section-payment" title={t('sections.payment')}>
          <Facts
            items={[
              [t('fields.paymentMode'), `${buyback.paymentMode.label} (${t(`paymentTypes.${buyback.paymentMode.type}`, { defaultValue: buyback.paymentMode.type })})`],
              [t('fields.paymentStatus'), t(`paymentStatuses.${buyback.paymentStatus}`, { defaultValue: buyback.paymentStatus })],
              [t('fields.declaredPrice'), money(buyback.declaredPrice)],
              [t('fields.controlledPrice'), money(buyback.controlledPrice)],
              [t('fields.absorbedAmount'), money(buyback.absorbedAmount)],
              [t('fields.validatedPrice'), money(buyback.validatedPrice)],
              // What the customer was shown and is paid: the device's price with the payment mode's bonus or malus and the circuit's bonus.
              ...(buyback.price
                ? ([
                    [t('fields.paymentAdjustment'), money(buyback.price.paymentAdjustment)],
                    [t('fields.circuitBonus'), money(buyback.price.circuitBonus)],
                    [t('fields.customerPrice'), <span key="customer-price" data-testid="customer-price">{money(buyback.price.total)}</span>],
                  ] as Array<[string, ReactNode]>)
                : []),
              ...(buyback.proposal
                ? ([
                    [t('proposal.proposedPrice'), money(buyback.proposal.proposedPrice)],
                    [t('proposal.reason'), buyback.proposal.reason],
                    [t('proposal.decision'), t(`proposal.decisions.${buyback.proposal.decision}`)],
                  ] as Array<[string, string | null]>)
                : []),
            ]}
          />
          <BuybackPayment buyback={buyback} />
        </FactsSection>

        <FactsSection id="section-product" title={t('sections.product')}>
          <Facts
            items={[
              [t('fields.product'), buyback.product.label],
              [t('fields.brand'), buyback.product.brand],
              [t('fields.category'), nameIn(references?.categories, buyback.product.categoryId)],
              [t('fields.ean'), buyback.product.ean],
              [t('fields.imei'), buyback.imei],
              [t('fields.grade'), gradeLabel(buyback.grade)],
            ]}
          />
        </FactsSection>

        <FactsSection id="section-other" title={t('sections.other')}>
          <Facts
            items={[
              [t('fields.channel'), t(`channels.${buyback.channel}`)],
              [t('fields.store'), buyback.storeId ? nameIn(references?.stores, buyback.storeId) : t('list.noStore')],
              [t('fields.buyer'), nameIn(references?.buyers, buyback.buyerId)],
              [t('fields.createdAt'), formatDateTime(buyback.createdAt, i18n.language)],
              [t('fields.updatedAt'), formatDateTime(buyback.updatedAt, i18n.language)],
              ...(buyback.cancellation
                ? ([
                    [t('fields.cancelReason'), t(`cancelReasons.${buyback.cancellation.reason}`)],
                    [t('fields.cancelComment'), buyback.cancellation.comment],
                    [t('fields.cancelForced'), buyback.cancellation.forced ? t('yes') : t('no')],
                  ] as Array<[string, string | null]>)
                : []),
            ]}
          />
        </FactsSection>
      </SimpleGrid>
    </Stack>
  );
}
