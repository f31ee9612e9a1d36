import type { DomainEvent } from '../../../application/events/codec.js';
import { TRANSLATED_LOCALES, type Translations } from '../../../domain/shared/translations.js';
import type { SeedStream } from '../../seed/seed-streams.js';

/**
 * The demo catalogue's texts in English, Dutch and German, by their French
 * wording (the events' own fields): categories, diagnostic questions and
 * their answers, circuits, shipping methods and payment modes. A text
 * missing here stays French in every language, as a retailer's untranslated
 * text would.
 */
type Words = readonly [en: string, nl: string, de: string];

const WORDS: Readonly<Record<string, Words>> = {
  // Categories
  'Électronique': ['Electronics', 'Elektronica', 'Elektronik'],
  'Tous les appareils électroniques repris.': ['Every electronic device we trade in.', 'Alle elektronische toestellen die we overnemen.', 'Alle elektronischen Geräte, die wir ankaufen.'],
  'Smartphones': ['Smartphones', 'Smartphones', 'Smartphones'],
  'Téléphones mobiles de toutes marques.': ['Mobile phones of every brand.', 'Gsm’s van alle merken.', 'Mobiltelefone aller Marken.'],
  'Tous les modèles d’iPhone.': ['Every iPhone model.', 'Alle iPhone-modellen.', 'Alle iPhone-Modelle.'],
  'Smartphones Samsung Galaxy S, Z et A.': ['Samsung Galaxy S, Z and A smartphones.', 'Samsung Galaxy S-, Z- en A-smartphones.', 'Samsung Galaxy S-, Z- und A-Smartphones.'],
  'Smartphones Google Pixel.': ['Google Pixel smartphones.', 'Google Pixel-smartphones.', 'Google-Pixel-Smartphones.'],
  'Tablettes': ['Tablets', 'Tablets', 'Tablets'],
  'Tablettes tactiles Wi-Fi et cellulaires.': ['Wi-Fi and cellular tablets.', 'Wifi- en 4G-tablets.', 'WLAN- und Mobilfunk-Tablets.'],
  'Ordinateurs portables': ['Laptops', 'Laptops', 'Laptops'],
  'Ordinateurs portables et MacBook.': ['Laptops and MacBooks.', 'Laptops en MacBooks.', 'Laptops und MacBooks.'],
  'Consoles de jeux': ['Game consoles', 'Spelconsoles', 'Spielkonsolen'],
  'Consoles de salon et portables.': ['Home and handheld consoles.', 'Thuis- en draagbare consoles.', 'Heim- und Handheld-Konsolen.'],
  'Montres connectées': ['Smartwatches', 'Smartwatches', 'Smartwatches'],
  'Montres connectées et bracelets d’activité.': ['Smartwatches and fitness trackers.', 'Smartwatches en activiteitstrackers.', 'Smartwatches und Fitness-Tracker.'],
  'Accessoires': ['Accessories', 'Accessoires', 'Zubehör'],
  'Manettes et accessoires, repris au prix unique de fonctionnement.': [
    'Controllers and accessories, traded in at a single working price.',
    'Controllers en accessoires, overgenomen tegen één prijs als ze werken.',
    'Controller und Zubehör, zu einem einheitlichen Preis bei Funktion angekauft.',
  ],
  'Téléphonie': ['Telephony', 'Telefonie', 'Telefonie'],
  'Téléphones et objets connectés.': ['Phones and connected devices.', 'Telefoons en slimme toestellen.', 'Telefone und vernetzte Geräte.'],
  'Smartphones de toutes marques.': ['Smartphones of every brand.', 'Smartphones van alle merken.', 'Smartphones aller Marken.'],
  // Questions and answers
  "L'appareil s'allume-t-il ?": ['Does the device switch on?', 'Gaat het toestel aan?', 'Lässt sich das Gerät einschalten?'],
  "Appuyez sur le bouton d'alimentation pendant quelques secondes.": ['Hold the power button down for a few seconds.', 'Houd de aan-uitknop enkele seconden ingedrukt.', 'Halten Sie die Ein-/Aus-Taste einige Sekunden gedrückt.'],
  'Oui': ['Yes', 'Ja', 'Ja'],
  'Non': ['No', 'Nee', 'Nein'],
  "État général de l'appareil": ['General condition of the device', 'Algemene staat van het toestel', 'Allgemeiner Zustand des Geräts'],
  'Observez la coque et les bords sous une lumière vive.': ['Look at the case and the edges under a bright light.', 'Bekijk de behuizing en de randen onder fel licht.', 'Betrachten Sie Gehäuse und Kanten bei hellem Licht.'],
  'Comme neuf, aucune trace': ['As new, no marks', 'Als nieuw, geen sporen', 'Wie neu, keine Spuren'],
  'Quelques micro-rayures': ['A few micro-scratches', 'Enkele microkrasjes', 'Einige Mikrokratzer'],
  'Rayures visibles ou traces d’usure': ['Visible scratches or signs of wear', 'Zichtbare krassen of gebruikssporen', 'Sichtbare Kratzer oder Gebrauchsspuren'],
  'Choc, fissure ou déformation': ['Dent, crack or bend', 'Deuk, barst of vervorming', 'Delle, Riss oder Verformung'],
  'Accessoires fournis': ['Accessories included', 'Meegeleverde accessoires', 'Mitgeliefertes Zubehör'],
  "Boîte d'origine": ['Original box', 'Originele doos', 'Originalverpackung'],
  "Câble d'origine": ['Original cable', 'Originele kabel', 'Originalkabel'],
  'Chargeur manquant': ['Charger missing', 'Lader ontbreekt', 'Ladegerät fehlt'],
  'Aucun accessoire': ['No accessories', 'Geen accessoires', 'Kein Zubehör'],
  "État de l'écran": ['Screen condition', 'Staat van het scherm', 'Zustand des Bildschirms'],
  "Allumez l'écran sur un fond blanc puis sur un fond noir.": ['Switch the screen on with a white background, then a black one.', 'Zet het scherm aan op een witte en daarna een zwarte achtergrond.', 'Schalten Sie den Bildschirm mit weißem, dann schwarzem Hintergrund ein.'],
  "Allumez l'écran sur un fond blanc.": ['Switch the screen on with a white background.', 'Zet het scherm aan op een witte achtergrond.', 'Schalten Sie den Bildschirm mit weißem Hintergrund ein.'],
  'Parfait, aucune rayure': ['Perfect, no scratches', 'Perfect, geen krassen', 'Perfekt, keine Kratzer'],
  'Rayures légères, invisibles écran allumé': ['Light scratches, invisible with the screen on', 'Lichte krassen, onzichtbaar als het scherm aan is', 'Leichte Kratzer, bei eingeschaltetem Bildschirm unsichtbar'],
  'Rayures légères': ['Light scratches', 'Lichte krassen', 'Leichte Kratzer'],
  'Rayures profondes': ['Deep scratches', 'Diepe krassen', 'Tiefe Kratzer'],
  'Écran fissuré mais fonctionnel': ['Cracked but working screen', 'Gebarsten maar werkend scherm', 'Gesprungener, aber funktionierender Bildschirm'],
  'Écran cassé ou tactile défaillant': ['Broken screen or faulty touch', 'Gebroken scherm of defect aanraakscherm', 'Bildschirm gebrochen oder Touch defekt'],
  'Écran fissuré ou cassé': ['Cracked or broken screen', 'Gebarsten of gebroken scherm', 'Gesprungener oder gebrochener Bildschirm'],
  'Santé de la batterie': ['Battery health', 'Batterijconditie', 'Akkuzustand'],
  'Réglages > Batterie > État de la batterie.': ['Settings > Battery > Battery Health.', 'Instellingen > Batterij > Batterijconditie.', 'Einstellungen > Batterie > Batteriezustand.'],
  'Supérieure à 85 %': ['Above 85%', 'Meer dan 85%', 'Über 85 %'],
  'Entre 80 et 85 %': ['Between 80 and 85%', 'Tussen 80 en 85%', 'Zwischen 80 und 85 %'],
  'Inférieure à 80 %': ['Below 80%', 'Minder dan 80%', 'Unter 80 %'],
  'Je ne sais pas': ['I don’t know', 'Ik weet het niet', 'Ich weiß es nicht'],
  "L'appareil est-il verrouillé à un compte (iCloud/Google) ?": ['Is the device locked to an account (iCloud/Google)?', 'Is het toestel vergrendeld met een account (iCloud/Google)?', 'Ist das Gerät an ein Konto (iCloud/Google) gebunden?'],
  'Vérifiez que « Localiser mon iPhone » ou le compte Google est désactivé.': ['Check that “Find My iPhone” or the Google account is switched off.', 'Controleer of ‘Zoek mijn iPhone’ of het Google-account is uitgeschakeld.', 'Prüfen Sie, dass „Wo ist?“ oder das Google-Konto deaktiviert ist.'],
  'Non, le compte est déconnecté': ['No, the account is signed out', 'Nee, het account is afgemeld', 'Nein, das Konto ist abgemeldet'],
  'Oui, le compte est toujours associé': ['Yes, the account is still linked', 'Ja, het account is nog gekoppeld', 'Ja, das Konto ist noch verknüpft'],
  'État du clavier': ['Keyboard condition', 'Staat van het toetsenbord', 'Zustand der Tastatur'],
  'Testez chaque touche dans un éditeur de texte.': ['Try every key in a text editor.', 'Test elke toets in een teksteditor.', 'Testen Sie jede Taste in einem Texteditor.'],
  'Toutes les touches fonctionnent': ['Every key works', 'Alle toetsen werken', 'Alle Tasten funktionieren'],
  'Touches usées ou brillantes': ['Worn or shiny keys', 'Versleten of glimmende toetsen', 'Abgenutzte oder glänzende Tasten'],
  'Une ou plusieurs touches ne fonctionnent pas': ['One or more keys do not work', 'Een of meer toetsen werken niet', 'Eine oder mehrere Tasten funktionieren nicht'],
  'Nombre de cycles de la batterie': ['Battery cycle count', 'Aantal laadcycli van de batterij', 'Ladezyklen des Akkus'],
  'Informations système > Alimentation > Nombre de cycles.': ['System Information > Power > Cycle Count.', 'Systeeminformatie > Voeding > Aantal cycli.', 'Systeminformationen > Stromversorgung > Zyklusanzahl.'],
  'Moins de 300 cycles': ['Fewer than 300 cycles', 'Minder dan 300 cycli', 'Weniger als 300 Zyklen'],
  'Entre 300 et 800 cycles': ['Between 300 and 800 cycles', 'Tussen 300 en 800 cycli', 'Zwischen 300 und 800 Zyklen'],
  'Plus de 800 cycles': ['More than 800 cycles', 'Meer dan 800 cycli', 'Mehr als 800 Zyklen'],
  'Manettes fournies': ['Controllers included', 'Meegeleverde controllers', 'Mitgelieferte Controller'],
  "Manette d'origine": ['Original controller', 'Originele controller', 'Original-Controller'],
  'Manette supplémentaire': ['Extra controller', 'Extra controller', 'Zusätzlicher Controller'],
  'Aucune manette': ['No controller', 'Geen controller', 'Kein Controller'],
  'Le bracelet est-il fourni ?': ['Is the strap included?', 'Is het bandje meegeleverd?', 'Ist das Armband dabei?'],
  "Le téléphone s'allume-t-il ?": ['Does the phone switch on?', 'Gaat de telefoon aan?', 'Lässt sich das Telefon einschalten?'],
  "Aspect de l'écran": ['Look of the screen', 'Uitzicht van het scherm', 'Aussehen des Bildschirms'],
  'Impeccable': ['Flawless', 'Onberispelijk', 'Makellos'],
  'Rayé': ['Scratched', 'Gekrast', 'Zerkratzt'],
  'Cassé': ['Broken', 'Gebroken', 'Kaputt'],
  'Le compte iCloud ou Google est-il déconnecté ?': ['Is the iCloud or Google account signed out?', 'Is het iCloud- of Google-account afgemeld?', 'Ist das iCloud- oder Google-Konto abgemeldet?'],
  // Shipping methods
  'Dépôt en magasin': ['Drop-off in store', 'Afgifte in de winkel', 'Abgabe im Geschäft'],
  "Le client remet l'appareil au vendeur du magasin.": ['The customer hands the device to the store’s seller.', 'De klant geeft het toestel af aan de verkoper in de winkel.', 'Der Kunde übergibt das Gerät dem Verkäufer im Geschäft.'],
  'Dépôt dans un magasin': ['Drop-off at a store', 'Afgifte in een winkel', 'Abgabe in einem Geschäft'],
  'Déposez votre appareil dans le magasin de votre choix avec votre code de reprise.': [
    'Drop your device at the store of your choice with your trade-in code.',
    'Geef uw toestel af in de winkel van uw keuze met uw overnamecode.',
    'Geben Sie Ihr Gerät mit Ihrem Ankaufscode im Geschäft Ihrer Wahl ab.',
  ],
  'Collecte à domicile': ['Home collection', 'Ophaling aan huis', 'Abholung zu Hause'],
  'Un transporteur vient chercher votre appareil chez vous.': ['A carrier picks your device up at your home.', 'Een vervoerder haalt uw toestel bij u thuis op.', 'Ein Kurier holt Ihr Gerät bei Ihnen zu Hause ab.'],
  'Dépôt en point relais': ['Drop-off at a parcel point', 'Afgifte in een afhaalpunt', 'Abgabe in einem Paketshop'],
  "Imprimez l'étiquette prépayée et déposez votre colis dans un point relais.": [
    'Print the prepaid label and drop your parcel at a parcel point.',
    'Druk het gefrankeerde etiket af en geef uw pakket af in een afhaalpunt.',
    'Drucken Sie das frankierte Etikett aus und geben Sie Ihr Paket in einem Paketshop ab.',
  ],
  'Envoi par La Poste': ['Sent by post', 'Verzending per post', 'Versand per Post'],
  'Envoyez votre appareil par colis postal.': ['Send your device as a postal parcel.', 'Verstuur uw toestel als postpakket.', 'Senden Sie Ihr Gerät als Postpaket.'],
  // Circuits
  'Reprise en magasin': ['Trade-in in store', 'Overname in de winkel', 'Ankauf im Geschäft'],
  "Le vendeur réalise la reprise avec le client et garde l'appareil.": ['The seller trades the device in with the customer and keeps it.', 'De verkoper neemt het toestel over met de klant en houdt het bij.', 'Der Verkäufer kauft das Gerät mit dem Kunden an und behält es.'],
  'Reprise en magasin, envoi avec étiquette': ['Trade-in in store, sent with a label', 'Overname in de winkel, verzending met etiket', 'Ankauf im Geschäft, Versand mit Etikett'],
  "Le vendeur réalise la reprise puis expédie l'appareil avec l'étiquette prépayée.": [
    'The seller trades the device in, then ships it with the prepaid label.',
    'De verkoper neemt het toestel over en verstuurt het met het gefrankeerde etiket.',
    'Der Verkäufer kauft das Gerät an und versendet es mit dem frankierten Etikett.',
  ],
  'Reprise en magasin, collecte par l’enseigne': ['Trade-in in store, collected by the retailer', 'Overname in de winkel, opgehaald door de keten', 'Ankauf im Geschäft, Abholung durch den Händler'],
  "Le vendeur réalise la reprise ; la logistique de l'enseigne vient chercher les appareils au magasin, sans étiquette de transporteur.": [
    'The seller trades the device in; the retailer’s own logistics collect the devices from the store, with no carrier label.',
    'De verkoper neemt het toestel over; de logistiek van de keten haalt de toestellen op in de winkel, zonder etiket van een vervoerder.',
    'Der Verkäufer kauft das Gerät an; die Logistik des Händlers holt die Geräte ohne Versandetikett im Geschäft ab.',
  ],
  'Prédéclaration web et dépôt en magasin': ['Online pre-declaration and drop-off in store', 'Online voorafmelding en afgifte in de winkel', 'Online-Voranmeldung und Abgabe im Geschäft'],
  'Le client prédéclare sa reprise en ligne puis dépose son appareil en magasin.': [
    'The customer pre-declares the trade-in online, then drops the device in store.',
    'De klant meldt de overname online vooraf aan en geeft het toestel af in de winkel.',
    'Der Kunde meldet den Ankauf online vor und gibt das Gerät im Geschäft ab.',
  ],
  "Le client dépose son colis en point relais avec l'étiquette prépayée.": [
    'The customer drops the parcel at a parcel point with the prepaid label.',
    'De klant geeft het pakket af in een afhaalpunt met het gefrankeerde etiket.',
    'Der Kunde gibt das Paket mit dem frankierten Etikett in einem Paketshop ab.',
  ],
  'Envoi postal': ['Postal shipping', 'Verzending per post', 'Postversand'],
  "Le client envoie l'appareil par La Poste.": ['The customer sends the device by post.', 'De klant verstuurt het toestel per post.', 'Der Kunde sendet das Gerät per Post.'],
  "Un transporteur collecte l'appareil au domicile du client.": ['A carrier collects the device at the customer’s home.', 'Een vervoerder haalt het toestel op bij de klant thuis.', 'Ein Kurier holt das Gerät beim Kunden zu Hause ab.'],
  // Payment modes
  'Virement bancaire': ['Bank transfer', 'Bankoverschrijving', 'Banküberweisung'],
  'Le montant de la reprise est viré sur votre compte sous 5 jours ouvrés.': [
    'The trade-in amount is transferred to your account within 5 working days.',
    'Het overnamebedrag wordt binnen 5 werkdagen op uw rekening gestort.',
    'Der Ankaufsbetrag wird innerhalb von 5 Werktagen auf Ihr Konto überwiesen.',
  ],
  "Bon d'achat": ['Store voucher', 'Aankoopbon', 'Einkaufsgutschein'],
  "Un bon d'achat du montant de la reprise, à utiliser en magasin ou sur le site.": [
    'A voucher for the trade-in amount, to spend in store or online.',
    'Een aankoopbon ter waarde van de overname, te gebruiken in de winkel of online.',
    'Ein Gutschein über den Ankaufsbetrag, im Geschäft oder online einzulösen.',
  ],
  'Carte cadeau': ['Gift card', 'Cadeaukaart', 'Geschenkkarte'],
  'Une carte cadeau créditée du montant de la reprise.': ['A gift card loaded with the trade-in amount.', 'Een cadeaukaart met het overnamebedrag erop.', 'Eine Geschenkkarte über den Ankaufsbetrag.'],
};

/** The translations of these French texts, by path; null when none is known. */
export function demoTranslations(texts: Record<string, string | null | undefined>): Translations | null {
  const translations: Translations = {};
  TRANSLATED_LOCALES.forEach((locale, index) => {
    const fields: Record<string, string> = {};
    for (const [path, french] of Object.entries(texts)) {
      const words = french ? WORDS[french] : undefined;
      if (words) fields[path] = words[index] as string;
    }
    if (Object.keys(fields).length > 0) translations[locale] = fields;
  });
  return Object.keys(translations).length > 0 ? translations : null;
}

type Data = Record<string, unknown>;

/** The texts of one catalogue event to translate, by path. */
function textsOf(event: DomainEvent): Record<string, string | null> | null {
  const data = event.data as Data;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  switch (event.type) {
    case 'CategoryCreated':
      return { label: text(data.label), description: text(data.description) };
    case 'DiagnosticQuestionCreated': {
      const answers = (data.answers ?? []) as Data[];
      return {
        title: text(data.title),
        howToTest: text(data.howToTest),
        description: text(data.description),
        ...Object.fromEntries(answers.flatMap((answer) => [[`answers.${String(answer.id)}.title`, text(answer.title)]])),
      };
    }
    case 'CircuitConfigured':
      return { name: text(data.name), description: text(data.description) };
    case 'ShippingMethodConfigured':
    case 'PaymentModeConfigured':
      return { label: text(data.label), description: text(data.description) };
    default:
      return null;
  }
}

/** The demo's catalogue events, each with the translations of its texts (kept when the event already has some). */
export function withDemoTranslations(streams: readonly SeedStream[]): SeedStream[] {
  return streams.map((stream) => ({
    ...stream,
    events: stream.events.map((event) => {
      const texts = textsOf(event);
      const data = event.data as Data;
      if (texts === null || (data.translations !== undefined && data.translations !== null)) return event;
      const translations = demoTranslations(texts);
      return translations === null ? event : { ...event, data: { ...data, translations } };
    }),
  }));
}
