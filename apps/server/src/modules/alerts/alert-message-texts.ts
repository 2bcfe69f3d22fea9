import type { FleetNoticeKind, Locale } from '@vitrina/contract';

type Texts = {
  /** How the language writes numbers (the decimal comma). */
  numberTag: string;
  titles: Record<FleetNoticeKind, string>;
  subject: string;
  headline: string;
  stoppedReporting: string;
  lastHeard: string;
  neverHeard: string;
  /** `{error}`: the command's failure in brackets, or nothing. */
  door: string;
  /** `{tolerance}`: the `tolerance` part, or nothing. */
  weight: string;
  tolerance: string;
  temperature: string;
  /** `{which}`: one of `limits`; `{held}`: the `held` part (a food-safety lock), or nothing. */
  temperatureLimit: string;
  limits: Record<'high' | 'low', string>;
  held: string;
  when: string;
  open: string;
};

/**
 * A fleet incident's message (offline, temperature, door, weight, food-safety lock) in the
 * recipient's language: `{title}`, `{name}`, `{serial}`, `{reading}`, `{limit}`, `{minutes}`,
 * `{time}` (the organisation's wall clock) and `{link}` filled in.
 */
export const ALERT_MESSAGE_TEXTS: Record<Locale, Texts> = {
  en: {
    numberTag: 'en-GB',
    titles: {
      temperature: 'Temperature out of range',
      door: 'The door did not open',
      weight: 'Suspicious weight',
      locked: 'Locked for food safety',
      offline: 'Offline',
    },
    subject: '{title}: {name}',
    headline: '{title}: {name} ({serial}).',
    stoppedReporting: 'It stopped reporting.',
    lastHeard: 'Last heard from: {time}.',
    neverHeard: 'Never heard from.',
    door: 'The door stayed locked after an open command{error}.',
    weight: 'Unexplained weight: {reading} g{tolerance}.',
    tolerance: '; tolerance: ±{limit} g',
    temperature: 'Temperature: {reading} °C.',
    temperatureLimit: 'Temperature: {reading} °C; limit: {limit} °C ({which}){held}.',
    limits: { high: 'highest allowed', low: 'lowest allowed' },
    held: ', above it for {minutes} min',
    when: 'When: {time}.',
    open: 'Open the fridge: {link}',
  },
  ua: {
    numberTag: 'uk-UA',
    titles: {
      temperature: 'Температура поза межами',
      door: 'Двері не відчинилися',
      weight: 'Підозріла вага',
      locked: 'Заблоковано для безпеки їжі',
      offline: 'Не в мережі',
    },
    subject: '{title}: {name}',
    headline: '{title}: {name} ({serial}).',
    stoppedReporting: 'Холодильник перестав виходити на зв’язок.',
    lastHeard: 'Востаннє на зв’язку: {time}.',
    neverHeard: 'Жодного разу не виходив на зв’язок.',
    door: 'Двері лишилися замкненими після команди відчинити{error}.',
    weight: 'Непояснена вага: {reading} г{tolerance}.',
    tolerance: '; допуск: ±{limit} г',
    temperature: 'Температура: {reading} °C.',
    temperatureLimit: 'Температура: {reading} °C; межа: {limit} °C ({which}){held}.',
    limits: { high: 'найвища допустима', low: 'найнижча допустима' },
    held: ', вище неї вже {minutes} хв',
    when: 'Коли: {time}.',
    open: 'Відкрити холодильник: {link}',
  },
  pl: {
    numberTag: 'pl-PL',
    titles: {
      temperature: 'Temperatura poza zakresem',
      door: 'Drzwi się nie otworzyły',
      weight: 'Podejrzana waga',
      locked: 'Zablokowana dla bezpieczeństwa żywności',
      offline: 'Brak połączenia',
    },
    subject: '{title}: {name}',
    headline: '{title}: {name} ({serial}).',
    stoppedReporting: 'Lodówka przestała się odzywać.',
    lastHeard: 'Ostatni kontakt: {time}.',
    neverHeard: 'Nigdy nie nawiązała kontaktu.',
    door: 'Drzwi pozostały zamknięte po poleceniu otwarcia{error}.',
    weight: 'Niewyjaśniona waga: {reading} g{tolerance}.',
    tolerance: '; tolerancja: ±{limit} g',
    temperature: 'Temperatura: {reading} °C.',
    temperatureLimit: 'Temperatura: {reading} °C; limit: {limit} °C ({which}){held}.',
    limits: { high: 'najwyższa dozwolona', low: 'najniższa dozwolona' },
    held: ', powyżej od {minutes} min',
    when: 'Kiedy: {time}.',
    open: 'Otwórz lodówkę: {link}',
  },
  it: {
    numberTag: 'it-IT',
    titles: {
      temperature: 'Temperatura fuori intervallo',
      door: 'La porta non si è aperta',
      weight: 'Peso sospetto',
      locked: 'Bloccato per sicurezza alimentare',
      offline: 'Non in linea',
    },
    subject: '{title}: {name}',
    headline: '{title}: {name} ({serial}).',
    stoppedReporting: 'Il frigo ha smesso di comunicare.',
    lastHeard: 'Ultimo contatto: {time}.',
    neverHeard: 'Nessun contatto finora.',
    door: 'La porta è rimasta chiusa dopo il comando di apertura{error}.',
    weight: 'Peso non spiegato: {reading} g{tolerance}.',
    tolerance: '; tolleranza: ±{limit} g',
    temperature: 'Temperatura: {reading} °C.',
    temperatureLimit: 'Temperatura: {reading} °C; limite: {limit} °C ({which}){held}.',
    limits: { high: 'massima consentita', low: 'minima consentita' },
    held: ', sopra il limite da {minutes} min',
    when: 'Quando: {time}.',
    open: 'Apri il frigo: {link}',
  },
  sk: {
    numberTag: 'sk-SK',
    titles: {
      temperature: 'Teplota mimo rozsahu',
      door: 'Dvere sa neotvorili',
      weight: 'Podozrivá hmotnosť',
      locked: 'Zablokované pre bezpečnosť potravín',
      offline: 'Bez pripojenia',
    },
    subject: '{title}: {name}',
    headline: '{title}: {name} ({serial}).',
    stoppedReporting: 'Chladnička sa prestala ozývať.',
    lastHeard: 'Naposledy v spojení: {time}.',
    neverHeard: 'Ešte nikdy nebola v spojení.',
    door: 'Dvere zostali zamknuté po príkaze na otvorenie{error}.',
    weight: 'Nevysvetlená hmotnosť: {reading} g{tolerance}.',
    tolerance: '; tolerancia: ±{limit} g',
    temperature: 'Teplota: {reading} °C.',
    temperatureLimit: 'Teplota: {reading} °C; limit: {limit} °C ({which}){held}.',
    limits: { high: 'najvyššia povolená', low: 'najnižšia povolená' },
    held: ', nad ním už {minutes} min',
    when: 'Kedy: {time}.',
    open: 'Otvoriť chladničku: {link}',
  },
};
