import { Box, Button, DataList, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoneyView } from '@server/application/views/schema';
import { maskIban } from '@server/domain/values/iban';
import { formatMoney } from '../../format/format';
import { useGradeLabel } from '../../format/grade';
import { cartTotal, type CartItem, type CustomerDraft } from '../cart-store';
import { asksIdentity, internationalPhone, type CustomerRules } from '../customer/customer-rules';

/** What will be registered: each product with its price and options, the total, and the customer's details. */
export function BuybackSummary({
  items,
  customer,
  rules,
  currency,
  itemActions,
  customerAction,
  customerHeading,
}: {
  items: readonly CartItem[];
  customer: CustomerDraft | null;
  rules: CustomerRules;
  currency: MoneyView['currency'];
  itemActions?(item: CartItem): ReactNode;
  customerAction?: ReactNode;
  /** "Your details" for the visitor, "Customer" for a seller. */
  customerHeading: string;
}) {
  const { t, i18n } = useTranslation('buyback-path');
  const gradeLabel = useGradeLabel();
  const money = (value: Parameters<typeof formatMoney>[0]) => formatMoney(value, i18n.language);
  return (
    <Stack gap={6}>
      <Box as="section" aria-labelledby="summary-products">
        <Heading as="h2" size="lg" id="summary-products" mb={3}>
          {t('summary.products', { count: items.length })}
        </Heading>
        <Stack as="ul" gap={4} listStyleType="none" m={0} p={0}>
          {items.map((item) => (
            <Box as="li" key={item.inCartId} borderWidth="1px" borderRadius="l2" p={4}>
              <Stack gap={3}>
                <HStack justify="space-between" align="start" flexWrap="wrap" gap={2}>
                  <Box>
                    <Text fontSize="sm" color="fg.muted">
                      {item.declaration.product.brand}
                    </Text>
                    <Heading as="h3" size="md">
                      {item.declaration.product.label}
                    </Heading>
                  </Box>
                  <Text fontSize="xl" fontWeight="bold" color="brand.fg">
                    {money(item.estimatedPrice)}
                  </Text>
                </HStack>
                <DataList.Root orientation="horizontal" size="sm">
                  <DataList.Item>
                    <DataList.ItemLabel>{t('summary.grade')}</DataList.ItemLabel>
                    <DataList.ItemValue>{gradeLabel(item.declaration.grade)}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>{t('summary.transport')}</DataList.ItemLabel>
                    <DataList.ItemValue>{item.shippingMethod.label}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>{t('summary.payment')}</DataList.ItemLabel>
                    <DataList.ItemValue>{item.paymentMode.label}</DataList.ItemValue>
                  </DataList.Item>
                  {item.declaration.imei && (
                    <DataList.Item>
                      <DataList.ItemLabel>{t('imei.label')}</DataList.ItemLabel>
                      <DataList.ItemValue>{item.declaration.imei}</DataList.ItemValue>
                    </DataList.Item>
                  )}
                </DataList.Root>
                {itemActions && <HStack gap={2} flexWrap="wrap">{itemActions(item)}</HStack>}
              </Stack>
            </Box>
          ))}
        </Stack>
        {items.length > 1 && (
          <HStack justify="space-between" mt={4}>
            <Text fontWeight="semibold">{t('summary.total')}</Text>
            <Text fontSize="xl" fontWeight="bold">
              {money(cartTotal(items, currency))}
            </Text>
          </HStack>
        )}
      </Box>

      {customer && (
        <>
          <Separator />
          <Box as="section" aria-labelledby="summary-customer">
            <HStack justify="space-between" mb={3} flexWrap="wrap">
              <Heading as="h2" size="lg" id="summary-customer">
                {customerHeading}
              </Heading>
              {customerAction}
            </HStack>
            <DataList.Root orientation="horizontal" size="sm">
              <DataList.Item>
                <DataList.ItemLabel>{t('summary.name')}</DataList.ItemLabel>
                <DataList.ItemValue>{`${customer.firstName} ${customer.lastName}`}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('customer.fields.email')}</DataList.ItemLabel>
                <DataList.ItemValue>{customer.email}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('customer.fields.phoneNumber')}</DataList.ItemLabel>
                <DataList.ItemValue>{internationalPhone(customer.phoneCountry, customer.phoneNumber)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('summary.address')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  {[customer.street, customer.streetComplement, `${customer.zipCode} ${customer.city}`, customer.country].filter((line) => line.trim()).join(', ')}
                </DataList.ItemValue>
              </DataList.Item>
              {rules.ibanRequired && (
                <DataList.Item>
                  <DataList.ItemLabel>{t('customer.fields.iban')}</DataList.ItemLabel>
                  <DataList.ItemValue>{maskIban(customer.iban)}</DataList.ItemValue>
                </DataList.Item>
              )}
              {asksIdentity(rules) && (
                <DataList.Item>
                  <DataList.ItemLabel>{t('customer.sections.identityDocument')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    {customer.identityType ? `${t(`customer.identityTypes.${customer.identityType}`)} ${customer.identityNumber}` : '—'}
                  </DataList.ItemValue>
                </DataList.Item>
              )}
            </DataList.Root>
          </Box>
        </>
      )}
    </Stack>
  );
}

/** A small "change" button for a section of the summary. */
export function EditButton({ onClick, label }: { onClick(): void; label: string }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick}>
      {label}
    </Button>
  );
}
