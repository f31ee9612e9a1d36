/**
 * A carrier, behind one port: the logistics part asks it for a shipment (a
 * tracking number) and then for its label, and may cancel it. The embedded
 * carrier (infrastructure/transport/embedded-carrier.ts) makes the label
 * itself; the HTTP carrier (infrastructure/transport/http-carrier.ts) asks a
 * carrier's API (docs/carrier-contract.md). The composition root picks one
 * (config `CARRIER_URL`) as the installation's default; the connectors part
 * routes each shipment to its organization's configured carrier.
 */

/** A postal address as a label prints it. */
export interface LabelAddress {
  /** A person's or an organization's name. */
  name: string;
  /** A second line: the company, "c/o", the store's name… */
  attention: string | null;
  street: string;
  streetComplement: string | null;
  zipCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone: string | null;
}

export type ShipmentKind =
  /** A store's package to a warehouse. */
  | 'package'
  /** A web customer's parcel to a warehouse (the customer prints the label). */
  | 'customer'
  /** A device sent back from the warehouse to its customer. */
  | 'return';

export interface ShipmentRequest {
  /** Ours, unique per shipment, printed on the label (a package number, a buyback's 13-digit code): the carrier answers the same shipment when it is asked twice. */
  reference: string;
  kind: ShipmentKind;
  sender: LabelAddress;
  recipient: LabelAddress;
  /** The parcel's weight, in grams (> 0). */
  weightGrams: number;
  /** What the parcel holds, one line each (at most 20 lines are printed), e.g. "2 167692 792717 · Apple iPhone 15 128 Go". */
  contents: readonly string[];
  /**
   * Whose carrier ships it (the connectors part resolves it: that
   * organization's active transport configuration, else its nearest
   * ancestor's, else the installation's default): the account, and the
   * organization sending or receiving it. Never sent to the carrier.
   */
  shipper?: { accountId: string; organizationId: string | null };
}

export interface Shipment {
  /** The carrier's id of the shipment. */
  shipmentId: string;
  /** What the barcode on the label encodes and the carrier's tracking page knows. */
  trackingNumber: string;
  /** The carrier's tracking page for it, when it has one. */
  trackingLink: string | null;
  /** The carrier's name as people know it ("Embedded carrier", "Colissimo"…). */
  carrier: string;
}

export type LabelAnswer =
  /** The label, a PDF (10 × 15 cm). */
  | { status: 'ready'; pdf: Buffer }
  /** The carrier is still making it: ask again later. */
  | { status: 'pending' };

/** A carrier that failed or could not be reached: worth retrying later (a timeout, a 5xx, a refused connection). */
export class CarrierUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CarrierUnavailableError';
  }
}

/** A carrier that refused the request itself (a 4xx: an address it cannot serve…): retrying the same request will not help. */
export class CarrierRefusedError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'CarrierRefusedError';
  }
}

export interface TransportPort {
  /** Creates the shipment, or answers the one already created for this reference. Throws CarrierUnavailableError or CarrierRefusedError. */
  createShipment(request: ShipmentRequest): Promise<Shipment>;
  /**
   * The shipment's label, or that it is not ready yet. The request is the one
   * the shipment was created with (the embedded carrier prints it; a remote
   * carrier has it already). Throws CarrierUnavailableError or CarrierRefusedError.
   */
  fetchLabel(shipment: Shipment, request: ShipmentRequest): Promise<LabelAnswer>;
  /** Cancels a shipment not handed over yet; cancelling one already cancelled is not an error. */
  cancelShipment(shipment: Shipment): Promise<void>;
}
