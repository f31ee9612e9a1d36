import { useTranslation } from 'react-i18next';

/** A property's label: the feature's words for the platform's properties, else its name. */
export function usePropertyLabel() {
  const { t } = useTranslation('connectors');
  return (name: string) => t(`properties.${name}`, { defaultValue: name });
}

/** A connector's name in the interface's language (the catalogue's own, in English, for one the texts do not know). */
export function useConnectorName() {
  const { t } = useTranslation('connectors');
  return (connector: { id: string; name: string }) => t(`connectorNames.${connector.id}`, { defaultValue: connector.name });
}
