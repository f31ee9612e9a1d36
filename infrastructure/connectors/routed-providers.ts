/**
 * The carrier and the payment provider of each organization (issue 23):
 * the composition root's (CARRIER_URL, PAYMENT_PROVIDER_URL, else the
 * embedded carrier) is the installation's default; an organization with an
 * active transport or payment_mode configuration, its own or its nearest
 * ancestor's (application/connectors/active-configuration.ts), is served by
 * the provider it names, its API key opened from the sealed value only here.
 * The adapters are kept per configuration and revision: a change makes new
 * ones.
 */
import type { DocumentStore } from '../../application/ports/document-store.js';
import type { SecretBox } from '../../application/ports/secret-box.js';
import { CarrierUnavailableError, type LabelAnswer, type Shipment, type ShipmentRequest, type TransportPort } from '../../application/ports/transport.js';
import { PaymentProviderUnavailableError, type PaymentGateway, type PaymentInitiation, type PaymentOrder } from '../../application/payments/payment-gateway.js';
import { activeConfigurationFor } from '../../application/connectors/active-configuration.js';
import { secretContext } from '../../application/connectors/configuration-commands.js';
import type { ConfigurationDocument } from '../../application/connectors/read-model.js';
import { HttpCarrier } from '../transport/http-carrier.js';
import { HttpPaymentProvider } from '../payments/http-payment-provider.js';

export interface RoutedProviderPorts {
  documents: DocumentStore;
  secrets: SecretBox;
  /** The platform's own carrier (TOKENS.EmbeddedCarrier). */
  embedded: TransportPort;
}

/** An http(s) provider's settings out of a configuration, its key opened. */
export function httpSettingsOf(secrets: SecretBox, configuration: ConfigurationDocument): { baseUrl: string; apiKey: string; timeoutMs?: number } {
  const { baseUrl, apiKey, timeoutMs } = configuration.properties;
  if (!baseUrl || !apiKey) throw new Error(`Configuration ${configuration._id} lacks its url or key`);
  return { baseUrl, apiKey: secrets.open(apiKey, secretContext(configuration._id, 'apiKey')), ...(timeoutMs ? { timeoutMs: Number(timeoutMs) } : {}) };
}

/** The embedded carrier, under the configuration's carrier name when it gives one. */
class NamedEmbeddedCarrier implements TransportPort {
  constructor(
    private readonly inner: TransportPort,
    private readonly carrierName: string | null,
  ) {}
  async createShipment(request: ShipmentRequest): Promise<Shipment> {
    const shipment = await this.inner.createShipment(request);
    return this.carrierName ? { ...shipment, carrier: this.carrierName } : shipment;
  }
  fetchLabel(shipment: Shipment, request: ShipmentRequest): Promise<LabelAnswer> {
    return this.inner.fetchLabel(shipment, request);
  }
  cancelShipment(shipment: Shipment): Promise<void> {
    return this.inner.cancelShipment(shipment);
  }
}

/** One adapter per configuration revision (a changed configuration gets a new one). */
class AdapterCache<T> {
  private readonly adapters = new Map<string, { revision: number; adapter: T }>();
  get(configuration: ConfigurationDocument, make: () => T): T {
    const kept = this.adapters.get(configuration._id);
    if (kept && kept.revision === configuration.revision) return kept.adapter;
    const adapter = make();
    this.adapters.set(configuration._id, { revision: configuration.revision, adapter });
    return adapter;
  }
}

export function carrierOfConfiguration(ports: RoutedProviderPorts, configuration: ConfigurationDocument): TransportPort {
  if (configuration.connectorId === 'http-carrier') return new HttpCarrier(httpSettingsOf(ports.secrets, configuration));
  return new NamedEmbeddedCarrier(ports.embedded, configuration.properties.carrierName ?? null);
}

export class RoutedCarrier implements TransportPort {
  private readonly cache = new AdapterCache<TransportPort>();

  constructor(
    private readonly ports: RoutedProviderPorts,
    private readonly fallback: TransportPort,
  ) {}

  /** The shipper's organization's carrier, else the installation's default. */
  async carrierFor(shipper: ShipmentRequest['shipper']): Promise<TransportPort> {
    if (!shipper) return this.fallback;
    let configuration: ConfigurationDocument | null;
    try {
      configuration = await activeConfigurationFor(this.ports.documents, shipper, 'transport');
    } catch (error) {
      throw new CarrierUnavailableError('The organization’s carrier could not be read', { cause: error });
    }
    if (!configuration) return this.fallback;
    const found = configuration;
    try {
      return this.cache.get(found, () => carrierOfConfiguration(this.ports, found));
    } catch (error) {
      throw new CarrierUnavailableError(`The carrier configuration “${found.name}” cannot be used`, { cause: error });
    }
  }

  async createShipment(request: ShipmentRequest): Promise<Shipment> {
    return (await this.carrierFor(request.shipper)).createShipment(request);
  }

  async fetchLabel(shipment: Shipment, request: ShipmentRequest): Promise<LabelAnswer> {
    return (await this.carrierFor(request.shipper)).fetchLabel(shipment, request);
  }

  cancelShipment(shipment: Shipment): Promise<void> {
    return this.fallback.cancelShipment(shipment);
  }
}

export class RoutedPaymentGateway implements PaymentGateway {
  private readonly cache = new AdapterCache<PaymentGateway>();

  constructor(
    private readonly ports: RoutedProviderPorts,
    /** PAYMENT_PROVIDER_URL's provider; null: none, and a payment with no configured provider waits. */
    private readonly fallback: PaymentGateway | null,
  ) {}

  async initiate(order: PaymentOrder): Promise<PaymentInitiation> {
    const configuration = order.payer ? await activeConfigurationFor(this.ports.documents, order.payer, 'payment_mode') : null;
    if (!configuration) {
      if (!this.fallback) throw new PaymentProviderUnavailableError('No payment provider is configured for this organization, nor for the installation');
      return this.fallback.initiate(order);
    }
    let gateway: PaymentGateway;
    try {
      gateway = this.cache.get(configuration, () => new HttpPaymentProvider(httpSettingsOf(this.ports.secrets, configuration)));
    } catch (error) {
      throw new PaymentProviderUnavailableError(`The payment provider configuration “${configuration.name}” cannot be used`, { cause: error });
    }
    return gateway.initiate(order);
  }
}
