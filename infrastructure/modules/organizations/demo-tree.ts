import type { ModuleType, OrganizationType, UserType } from '../../../domain/organizations/events.js';
import type { AccountKey } from '../../seed/seed-streams.js';

/**
 * The demo tenants' trees and staff, as tables (demo-data.ts turns them into
 * events). Demo Retail: a root, two management units (France, and Grand
 * Ouest below it), five stores, two warehouses, two buyers and thirty users.
 * The first rows of each table are the original demo data: their keys,
 * e-mails and places are what tests and browser tests rely on (DEMO_IDS),
 * and a new warehouse would change the dispatch rules' nearest choice, so
 * the tree grew by stores, a unit, a buyer and staff only.
 */

/** The v2 details of a demo organization: coordinates of its address, e-mail, and the root's legal identity. */
export interface DemoPlace {
  at: readonly [latitude: number, longitude: number];
  email: string | null;
  siret?: string;
  capitalInCents?: number;
}

/** key, common name, corporate name, type, module, parent key, street, zip code, city, external id, place. Parents first. */
export type OrganizationRow = readonly [
  string,
  string,
  string | null,
  OrganizationType,
  ModuleType,
  string | null,
  string,
  string,
  string,
  string,
  DemoPlace,
];

const place = (latitude: number, longitude: number, email: string | null = null): DemoPlace => ({ at: [latitude, longitude], email });

export const DEMO_ORGANIZATIONS: readonly OrganizationRow[] = [
  ['root', 'Demo Retail', 'Demo Retail SAS', 'root_management_unit', 'root', null, '10 Rue de la Paix', '75002', 'Paris', 'DR-ROOT',
    // A SIRET whose SIREN and whole number pass the Luhn check (fictitious company); capital 1,000,000 €.
    { ...place(48.8687, 2.3316, 'contact@demo-retail.example'), siret: '84123456000008', capitalInCents: 100_000_000 }],
  ['france', 'Demo Retail France', 'Demo Retail France SAS', 'management_unit', 'root', 'root', '10 Rue de la Paix', '75002', 'Paris', 'DR-FR',
    place(48.8687, 2.3316, 'france@demo-retail.example')],
  ['store-paris', 'Demo Store Paris', null, 'store', 'tim', 'france', '52 Rue de Rivoli', '75001', 'Paris', 'DR-PAR-001',
    place(48.859, 2.347, 'paris@demo-retail.example')],
  ['store-lyon', 'Demo Store Lyon', null, 'store', 'tim', 'france', '18 Rue de la République', '69002', 'Lyon', 'DR-LYS-001',
    place(45.7628, 4.836, 'lyon@demo-retail.example')],
  ['warehouse', 'Demo Warehouse Orléans', 'Demo Logistique SAS', 'warehouse', 'rps', 'root', '8 Rue de la Tuilerie', '45100', 'Orléans', 'DR-WH-ORL',
    place(47.887, 1.906, 'entrepot.orleans@demo-retail.example')],
  ['warehouse-lyon', 'Demo Atelier Lyon', 'Demo Logistique SAS', 'warehouse', 'rps', 'root', '25 Avenue Tony Garnier', '69007', 'Lyon', 'DR-WH-LYS',
    place(45.73, 4.828, 'atelier.lyon@demo-retail.example')],
  ['buyer', 'Demo Buyer Refurb', 'Demo Refurb SAS', 'buyer', 'lcm', 'root', "3 Rue de l'Industrie", '93200', 'Saint-Denis', 'DR-BUY-001',
    place(48.929, 2.358, 'achats@demo-refurb.example')],
  // Added with issue 20: a second unit below France, its three stores, a second buyer.
  ['ouest', 'Demo Retail Grand Ouest', null, 'management_unit', 'root', 'france', '5 Rue de Strasbourg', '44000', 'Nantes', 'DR-OUEST',
    place(47.217, -1.55, 'grand-ouest@demo-retail.example')],
  ['store-nantes', 'Demo Store Nantes', null, 'store', 'tim', 'ouest', '12 Rue Crébillon', '44000', 'Nantes', 'DR-NTE-001',
    place(47.2133, -1.561, 'nantes@demo-retail.example')],
  ['store-rennes', 'Demo Store Rennes', null, 'store', 'tim', 'ouest', '7 Rue Le Bastard', '35000', 'Rennes', 'DR-REN-001',
    place(48.112, -1.679, 'rennes@demo-retail.example')],
  ['store-bordeaux', 'Demo Store Bordeaux', null, 'store', 'tim', 'ouest', '40 Rue Sainte-Catherine', '33000', 'Bordeaux', 'DR-BOD-001',
    place(44.84, -0.573, 'bordeaux@demo-retail.example')],
  ['buyer-recycle', 'Demo Buyer Recyclage', 'Demo Recyclage SAS', 'buyer', 'lcm', 'root', '14 Rue des Frères Lumière', '69200', 'Vénissieux', 'DR-BUY-002',
    place(45.7, 4.886, 'achats@demo-recyclage.example')],
];

export const OTHER_ORGANIZATIONS: readonly OrganizationRow[] = [
  ['root', 'Other Retail', 'Other Retail SA', 'root_management_unit', 'root', null, '1 Place du Général de Gaulle', '59800', 'Lille', 'OR-ROOT',
    place(50.6366, 3.0635)],
  ['nord', 'Other Retail Nord', null, 'management_unit', 'root', 'root', '1 Place du Général de Gaulle', '59800', 'Lille', 'OR-NORD',
    place(50.6366, 3.0635)],
  ['store-lille', 'Other Store Lille', null, 'store', 'tim', 'nord', '31 Rue Neuve', '59800', 'Lille', 'OR-LIL-001',
    place(50.6359, 3.0646)],
  ['warehouse', 'Other Warehouse Lens', 'Other Logistique SA', 'warehouse', 'rps', 'root', '2 Rue du Pont de la Deûle', '62300', 'Lens', 'OR-WH-LENS',
    place(50.432, 2.833)],
  ['buyer', 'Other Buyer Recycle', 'Other Recycle SA', 'buyer', 'lcm', 'root', '15 Avenue de la Marne', '59200', 'Tourcoing', 'OR-BUY-001',
    place(50.7239, 3.1612)],
];

/** e-mail, first name, last name, account, admin type, modules [module, role, organization key], login role, description, options. */
export type UserRow = readonly [
  string,
  string,
  string,
  AccountKey | null,
  'super_admin' | 'admin' | null,
  ReadonlyArray<readonly [ModuleType, UserType, string]>,
  string,
  string,
  DemoUserOptions?,
];

export interface DemoUserOptions {
  /** Signs in only through the retailer's identity provider: no password (none is set), no reset. */
  forceSso?: boolean;
  /** Listed among the demo logins (README); the others fill the tree. */
  listed?: boolean;
}

const listed: DemoUserOptions = { listed: true };

export const USERS: readonly UserRow[] = [
  ['admin@demo.test', 'Camille', 'Martin', null, 'super_admin', [],
    'super_admin', 'Super administrateur de la plateforme', listed],
  ['retailer@demo.test', 'Julien', 'Bernard', 'demo', null, [['root', 'root_management_unit_manager', 'root'], ['tim', 'store_manager', 'store-paris']],
    'root_management_unit_manager', 'Administrateur de Demo Retail, aussi responsable du magasin de Paris (deux modules)', listed],
  ['manager@demo.test', 'Sophie', 'Durand', 'demo', null, [['tim', 'store_manager', 'store-paris']],
    'store_manager', 'Responsable du magasin Demo Store Paris', listed],
  ['seller@demo.test', 'Lucas', 'Petit', 'demo', null, [['tim', 'store_seller', 'store-paris']],
    'store_seller', 'Vendeur du magasin Demo Store Paris', listed],
  ['warehouse@demo.test', 'Nadia', 'Robert', 'demo', null, [['rps', 'warehouse_operator', 'warehouse']],
    'warehouse_operator', "Opératrice de l'entrepôt Demo Warehouse Orléans", listed],
  ['warehouse-manager@demo.test', 'Karim', 'Moreau', 'demo', null, [['rps', 'warehouse_manager', 'warehouse']],
    'warehouse_manager', "Responsable de l'entrepôt Demo Warehouse Orléans (stocks, pertes, relances de litige)", listed],
  ['buyer@demo.test', 'Thomas', 'Richard', 'demo', null, [['lcm', 'buyer_manager', 'buyer']],
    'buyer_manager', 'Responsable du repreneur Demo Buyer Refurb', listed],
  ['seller@other.test', 'Emma', 'Lefebvre', 'other', null, [['tim', 'store_seller', 'store-lille']],
    'store_seller', 'Vendeuse du magasin Other Store Lille (autre enseigne)', listed],
  ['warehouse@other.test', 'Hugo', 'Lambert', 'other', null, [['rps', 'warehouse_operator', 'warehouse']],
    'warehouse_operator', "Opérateur de l'entrepôt Other Warehouse Lens (autre enseigne : réception obligatoire, commentaire interne obligatoire)", listed],
  // Added with issue 20: Demo Retail's other staff, thirty users in all.
  ['analyst@demo.test', 'Antoine', 'Girard', 'demo', null, [['root', 'root_management_unit_analyst', 'root']],
    'root_management_unit_analyst', 'Analyste de Demo Retail (lecture seule sur toute l’enseigne)', listed],
  ['direction@demo.test', 'Claire', 'Fontaine', 'demo', null, [['root', 'root_management_unit_manager', 'root']],
    'root_management_unit_manager', 'Directrice de Demo Retail'],
  ['france-manager@demo.test', 'Élodie', 'Roux', 'demo', null, [['root', 'management_unit_manager', 'france']],
    'management_unit_manager', 'Responsable de l’unité Demo Retail France (ses cinq magasins, dont ceux du Grand Ouest)', listed],
  ['ouest-manager@demo.test', 'Yann', 'Le Gall', 'demo', null, [['root', 'management_unit_manager', 'ouest']],
    'management_unit_manager', 'Responsable de l’unité Demo Retail Grand Ouest (Nantes, Rennes, Bordeaux)', listed],
  ['ouest-analyst@demo.test', 'Maëlle', 'Guillou', 'demo', null, [['root', 'management_unit_analyst', 'ouest']],
    'management_unit_analyst', 'Analyste de l’unité Demo Retail Grand Ouest'],
  ['lyon-manager@demo.test', 'Mathieu', 'Faure', 'demo', null, [['tim', 'store_manager', 'store-lyon']],
    'store_manager', 'Responsable du magasin Demo Store Lyon'],
  ['nantes-manager@demo.test', 'Pauline', 'Morin', 'demo', null, [['tim', 'store_manager', 'store-nantes']],
    'store_manager', 'Responsable du magasin Demo Store Nantes', listed],
  ['rennes-manager@demo.test', 'Erwan', 'Le Floch', 'demo', null, [['tim', 'store_manager', 'store-rennes']],
    'store_manager', 'Responsable du magasin Demo Store Rennes'],
  ['bordeaux-manager@demo.test', 'Inès', 'Lacoste', 'demo', null, [['tim', 'store_manager', 'store-bordeaux']],
    'store_manager', 'Responsable du magasin Demo Store Bordeaux'],
  ['paris-seller@demo.test', 'Léa', 'Garnier', 'demo', null, [['tim', 'store_seller', 'store-paris']],
    'store_seller', 'Vendeuse du magasin Demo Store Paris'],
  ['lyon-seller@demo.test', 'Romain', 'Chevalier', 'demo', null, [['tim', 'store_seller', 'store-lyon']],
    'store_seller', 'Vendeur du magasin Demo Store Lyon'],
  ['lyon-seller2@demo.test', 'Chloé', 'Blanc', 'demo', null, [['tim', 'store_seller', 'store-lyon']],
    'store_seller', 'Vendeuse du magasin Demo Store Lyon'],
  ['nantes-seller@demo.test', 'Théo', 'Mercier', 'demo', null, [['tim', 'store_seller', 'store-nantes']],
    'store_seller', 'Vendeur du magasin Demo Store Nantes', listed],
  ['nantes-seller2@demo.test', 'Manon', 'Bonnet', 'demo', null, [['tim', 'store_seller', 'store-nantes']],
    'store_seller', 'Vendeuse du magasin Demo Store Nantes'],
  ['rennes-seller@demo.test', 'Gwenaël', 'Tanguy', 'demo', null, [['tim', 'store_seller', 'store-rennes']],
    'store_seller', 'Vendeur du magasin Demo Store Rennes'],
  ['rennes-seller2@demo.test', 'Anaïs', 'Rolland', 'demo', null, [['tim', 'store_seller', 'store-rennes']],
    'store_seller', 'Vendeuse du magasin Demo Store Rennes'],
  ['bordeaux-seller@demo.test', 'Maxime', 'Dupuy', 'demo', null, [['tim', 'store_seller', 'store-bordeaux']],
    'store_seller', 'Vendeur du magasin Demo Store Bordeaux'],
  ['bordeaux-seller2@demo.test', 'Sarah', 'Lopez', 'demo', null, [['tim', 'store_seller', 'store-bordeaux']],
    'store_seller', 'Vendeuse du magasin Demo Store Bordeaux'],
  ['orleans-operator@demo.test', 'Bastien', 'Perrin', 'demo', null, [['rps', 'warehouse_operator', 'warehouse']],
    'warehouse_operator', "Opérateur de l'entrepôt Demo Warehouse Orléans"],
  ['lyon-warehouse-manager@demo.test', 'Fatima', 'Benali', 'demo', null, [['rps', 'warehouse_manager', 'warehouse-lyon']],
    'warehouse_manager', 'Responsable de Demo Atelier Lyon', listed],
  ['lyon-warehouse@demo.test', 'Julie', 'Marchand', 'demo', null, [['rps', 'warehouse_operator', 'warehouse-lyon']],
    'warehouse_operator', 'Opératrice de Demo Atelier Lyon'],
  ['recycle-buyer@demo.test', 'Olivier', 'Caron', 'demo', null, [['lcm', 'buyer_manager', 'buyer-recycle']],
    'buyer_manager', 'Responsable du repreneur Demo Buyer Recyclage', listed],
  ['refurb-buyer@demo.test', 'Nathalie', 'Brun', 'demo', null, [['lcm', 'buyer_manager', 'buyer']],
    'buyer_manager', 'Responsable adjointe du repreneur Demo Buyer Refurb'],
  // As the developer's identity provider names them (scripts/dev-idp.ts: given and family name, entity DR-PAR-001).
  ['sso.user@sso.demo.test', 'Sacha', 'Sso', 'demo', null, [['tim', 'store_seller', 'store-paris']],
    'store_seller', "Vendeur du magasin Demo Store Paris qui se connecte uniquement par le SSO de Demo Retail (SSO imposé, aucun mot de passe)",
    { forceSso: true, listed: true }],
];
