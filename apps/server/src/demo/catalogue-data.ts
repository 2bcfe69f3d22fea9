/** The demo assortment: what a micromarket operator in Kyiv or Krakow actually stocks. */

export type DemoMaker = { name: string; country: string; contact: string; phone: string; domain: string };

export const DEMO_MAKERS: DemoMaker[] = [
  {
    name: 'Galicia Foods',
    country: 'UA',
    contact: 'Oksana Hnatyuk',
    phone: '+380322450011',
    domain: 'galiciafoods.ua',
  },
  {
    name: 'Kyivska Pekarnia',
    country: 'UA',
    contact: 'Dmytro Savchenko',
    phone: '+380442201133',
    domain: 'pekarnia.kyiv.ua',
  },
  { name: 'Moloko Farm', country: 'UA', contact: 'Halyna Rudenko', phone: '+380472334455', domain: 'molokofarm.ua' },
  {
    name: 'Zakarpattia Springs',
    country: 'UA',
    contact: 'Ivan Popovych',
    phone: '+380312617788',
    domain: 'zsprings.ua',
  },
  {
    name: 'Lviv Coffee Roasters',
    country: 'UA',
    contact: 'Yurii Kostiv',
    phone: '+380322559900',
    domain: 'lvivroasters.ua',
  },
  {
    name: 'Green Bowl Kitchen',
    country: 'UA',
    contact: 'Natalia Moroz',
    phone: '+380443308822',
    domain: 'greenbowl.ua',
  },
  { name: 'Berry Garden', country: 'UA', contact: 'Serhii Lytvyn', phone: '+380462771020', domain: 'berrygarden.ua' },
  {
    name: 'Carpathian Honey',
    country: 'UA',
    contact: 'Mariia Fedak',
    phone: '+380342505060',
    domain: 'carpathianhoney.ua',
  },
  {
    name: 'Krakowskie Smaki',
    country: 'PL',
    contact: 'Agnieszka Wójcik',
    phone: '+48124560101',
    domain: 'krakowskiesmaki.pl',
  },
  { name: 'Mazury Dairy', country: 'PL', contact: 'Piotr Zieliński', phone: '+48895230202', domain: 'mazurydairy.pl' },
  { name: 'Polska Woda', country: 'PL', contact: 'Katarzyna Nowicka', phone: '+48226600303', domain: 'polskawoda.pl' },
  { name: 'Urban Salad', country: 'PL', contact: 'Tomasz Lewandowski', phone: '+48616610404', domain: 'urbansalad.pl' },
  { name: 'Tatry Snacks', country: 'SK', contact: 'Martin Horváth', phone: '+421524310505', domain: 'tatrysnacks.sk' },
  {
    name: 'Bratislava Bakery',
    country: 'SK',
    contact: 'Zuzana Kováčová',
    phone: '+421254410606',
    domain: 'babakery.sk',
  },
  { name: 'Dolce Milano', country: 'IT', contact: 'Giulia Bianchi', phone: '+390245670707', domain: 'dolcemilano.it' },
  {
    name: 'Sicilia Succhi',
    country: 'IT',
    contact: 'Salvatore Russo',
    phone: '+390915680808',
    domain: 'siciliasucchi.it',
  },
  { name: 'Alpine Water Co', country: 'AT', contact: 'Lukas Huber', phone: '+43512340909', domain: 'alpinewater.at' },
  { name: 'Nordic Oats', country: 'SE', contact: 'Elin Andersson', phone: '+4687891010', domain: 'nordicoats.se' },
  { name: 'Crunchy Hills', country: 'CZ', contact: 'Jakub Dvořák', phone: '+420224561111', domain: 'crunchyhills.cz' },
  { name: 'ProteinLab', country: 'DE', contact: 'Jonas Becker', phone: '+49302341212', domain: 'proteinlab.de' },
  { name: 'Sunny Orchard', country: 'MD', contact: 'Ana Rusu', phone: '+37322451313', domain: 'sunnyorchard.md' },
  {
    name: 'Baltic Fish House',
    country: 'LT',
    contact: 'Tomas Kazlauskas',
    phone: '+37052301414',
    domain: 'balticfish.lt',
  },
  {
    name: 'Mediterraneo',
    country: 'GR',
    contact: 'Eleni Papadopoulou',
    phone: '+302103211515',
    domain: 'mediterraneo.gr',
  },
  { name: 'Choco Factory', country: 'BE', contact: 'Lotte Peeters', phone: '+3223451616', domain: 'chocofactory.be' },
];

/** A level-3 category with what sells in it: base names, sizes, a price range (minor units) and shelf life. */
export type DemoLeaf = {
  name: string;
  items: string[];
  sizes: string[];
  price: [number, number];
  hours: number;
  makers: string[];
};
export type DemoTree = Record<string, Record<string, DemoLeaf[]>>;

const leaf = (
  name: string,
  items: string[],
  sizes: string[],
  price: [number, number],
  hours: number,
  makers: string[],
): DemoLeaf => ({ name, items, sizes, price, hours, makers });

export const DEMO_CATEGORIES: DemoTree = {
  Drinks: {
    'Soft drinks': [
      leaf('Cola', ['Classic Cola', 'Cola Zero', 'Cherry Cola'], ['0.33 l', '0.5 l', '1 l'], [2900, 5900], 4320, [
        'Zakarpattia Springs',
        'Polska Woda',
      ]),
      leaf('Lemonade', ['Lemon Mint', 'Pink Grapefruit', 'Ginger Lime'], ['0.33 l', '0.5 l'], [3500, 6500], 2160, [
        'Sicilia Succhi',
        'Krakowskie Smaki',
      ]),
      leaf('Iced tea', ['Peach Iced Tea', 'Lemon Green Tea', 'Hibiscus Tea'], ['0.5 l', '1 l'], [3200, 5600], 2880, [
        'Alpine Water Co',
        'Galicia Foods',
      ]),
    ],
    Water: [
      leaf('Still water', ['Mountain Spring', 'Artesian', 'Baby Water'], ['0.5 l', '1.5 l'], [1800, 3900], 8760, [
        'Zakarpattia Springs',
        'Polska Woda',
        'Alpine Water Co',
      ]),
      leaf(
        'Sparkling water',
        ['Mineral Sparkling', 'Lightly Sparkling', 'Lime Sparkling'],
        ['0.5 l', '1 l'],
        [2100, 4200],
        8760,
        ['Zakarpattia Springs', 'Alpine Water Co'],
      ),
    ],
    Juices: [
      leaf(
        'Orange juice',
        ['Orange Fresh', 'Orange with Pulp', 'Blood Orange'],
        ['0.25 l', '0.5 l', '1 l'],
        [4500, 9900],
        240,
        ['Sicilia Succhi', 'Sunny Orchard'],
      ),
      leaf('Apple juice', ['Cloudy Apple', 'Apple Cinnamon', 'Green Apple'], ['0.25 l', '1 l'], [3900, 8500], 480, [
        'Sunny Orchard',
        'Berry Garden',
      ]),
      leaf('Smoothies', ['Berry Boost', 'Mango Passion', 'Green Detox'], ['0.25 l', '0.4 l'], [6900, 11900], 96, [
        'Berry Garden',
        'Green Bowl Kitchen',
      ]),
    ],
    'Coffee drinks': [
      leaf(
        'Cold brew',
        ['Cold Brew Black', 'Cold Brew Vanilla', 'Nitro Cold Brew'],
        ['0.25 l', '0.33 l'],
        [6500, 9900],
        336,
        ['Lviv Coffee Roasters'],
      ),
      leaf('Iced latte', ['Iced Latte', 'Caramel Latte', 'Oat Latte'], ['0.25 l', '0.33 l'], [5900, 8900], 240, [
        'Lviv Coffee Roasters',
        'Nordic Oats',
      ]),
    ],
  },
  Food: {
    Sandwiches: [
      leaf(
        'Chicken sandwiches',
        ['Chicken Caesar Sandwich', 'Chicken Pesto Panini', 'Spicy Chicken Club'],
        ['180 g', '220 g'],
        [8900, 13900],
        48,
        ['Kyivska Pekarnia', 'Bratislava Bakery'],
      ),
      leaf(
        'Ham and cheese',
        ['Ham & Cheese Croissant', 'Ham & Emmental Baguette', 'Toast Ham Cheese'],
        ['150 g', '200 g'],
        [7500, 11900],
        48,
        ['Kyivska Pekarnia', 'Krakowskie Smaki'],
      ),
      leaf(
        'Vegetarian',
        ['Hummus Veggie Wrap', 'Mozzarella Tomato Ciabatta', 'Falafel Pita'],
        ['170 g', '210 g'],
        [7900, 12500],
        48,
        ['Green Bowl Kitchen', 'Mediterraneo'],
      ),
    ],
    Salads: [
      leaf(
        'Caesar',
        ['Caesar with Chicken', 'Caesar with Shrimp', 'Caesar Light'],
        ['220 g', '300 g'],
        [11900, 17900],
        36,
        ['Urban Salad', 'Green Bowl Kitchen'],
      ),
      leaf('Greek', ['Greek Salad', 'Greek with Quinoa', 'Horiatiki'], ['220 g', '280 g'], [10900, 15900], 36, [
        'Mediterraneo',
        'Urban Salad',
      ]),
      leaf(
        'Grain bowls',
        ['Buckwheat Bowl', 'Quinoa Avocado Bowl', 'Bulgur Chicken Bowl'],
        ['300 g', '350 g'],
        [13900, 18900],
        48,
        ['Green Bowl Kitchen'],
      ),
    ],
    'Ready meals': [
      leaf('Pasta', ['Carbonara', 'Bolognese', 'Pesto Penne'], ['300 g', '350 g'], [14900, 19900], 72, [
        'Dolce Milano',
        'Galicia Foods',
      ]),
      leaf('Soups', ['Borshch', 'Chicken Noodle Soup', 'Pumpkin Cream Soup'], ['350 ml', '450 ml'], [8900, 12900], 72, [
        'Galicia Foods',
        'Green Bowl Kitchen',
      ]),
      leaf('Fish dishes', ['Salmon with Rice', 'Herring Salad', 'Tuna Pasta'], ['250 g', '300 g'], [15900, 23900], 48, [
        'Baltic Fish House',
      ]),
    ],
  },
  Snacks: {
    Chips: [
      leaf(
        'Potato chips',
        ['Sea Salt Chips', 'Paprika Chips', 'Sour Cream & Onion'],
        ['75 g', '140 g'],
        [4500, 7900],
        4320,
        ['Crunchy Hills', 'Tatry Snacks'],
      ),
      leaf(
        'Tortilla chips',
        ['Nacho Cheese', 'Chili Lime Tortilla', 'Salted Tortilla'],
        ['100 g', '175 g'],
        [5500, 8900],
        4320,
        ['Crunchy Hills'],
      ),
    ],
    Nuts: [
      leaf('Almonds', ['Roasted Almonds', 'Salted Almonds', 'Honey Almonds'], ['50 g', '100 g'], [5900, 11900], 4320, [
        'Tatry Snacks',
        'Carpathian Honey',
      ]),
      leaf('Nut mixes', ['Student Mix', 'Trail Mix', 'Cashew Cranberry Mix'], ['50 g', '120 g'], [5500, 12900], 4320, [
        'Tatry Snacks',
        'Berry Garden',
      ]),
    ],
    Bars: [
      leaf(
        'Protein bars',
        ['Protein Bar Chocolate', 'Protein Bar Peanut', 'Protein Bar Berry'],
        ['40 g', '60 g'],
        [4900, 8900],
        4320,
        ['ProteinLab'],
      ),
      leaf(
        'Granola bars',
        ['Oat Honey Bar', 'Granola Apricot', 'Oat Chocolate Chip'],
        ['35 g', '45 g'],
        [3500, 5900],
        4320,
        ['Nordic Oats', 'Carpathian Honey'],
      ),
      leaf(
        'Chocolate',
        ['Milk Chocolate', 'Dark Chocolate 70%', 'Hazelnut Chocolate'],
        ['40 g', '100 g'],
        [3900, 9900],
        8760,
        ['Choco Factory'],
      ),
    ],
  },
  Dairy: {
    Yogurt: [
      leaf(
        'Greek yogurt',
        ['Greek Yogurt Plain', 'Greek Yogurt Honey', 'Greek Yogurt Berries'],
        ['150 g', '250 g'],
        [4500, 7500],
        240,
        ['Moloko Farm', 'Mazury Dairy'],
      ),
      leaf(
        'Drinking yogurt',
        ['Strawberry Drinking Yogurt', 'Peach Drinking Yogurt', 'Kefir'],
        ['0.3 l', '0.5 l'],
        [3900, 6500],
        240,
        ['Moloko Farm', 'Mazury Dairy'],
      ),
    ],
    'Cheese snacks': [
      leaf('Cheese', ['Mozzarella Sticks', 'Cheddar Cubes', 'Brynza Snack'], ['60 g', '100 g'], [5500, 9900], 480, [
        'Mazury Dairy',
        'Moloko Farm',
      ]),
    ],
    Milk: [
      leaf(
        'Flavoured milk',
        ['Chocolate Milk', 'Banana Milk', 'Vanilla Milk'],
        ['0.25 l', '0.5 l'],
        [3500, 5900],
        336,
        ['Moloko Farm', 'Mazury Dairy'],
      ),
      leaf('Plant milk', ['Oat Drink', 'Almond Drink', 'Oat Barista'], ['0.25 l', '1 l'], [4500, 9500], 2160, [
        'Nordic Oats',
      ]),
    ],
  },
  Desserts: {
    Cakes: [
      leaf(
        'Cheesecake',
        ['New York Cheesecake', 'Syrnyk Classic', 'Berry Cheesecake'],
        ['120 g', '180 g'],
        [8900, 12900],
        72,
        ['Dolce Milano', 'Kyivska Pekarnia'],
      ),
      leaf(
        'Tiramisu',
        ['Tiramisu Classico', 'Pistachio Tiramisu', 'Tiramisu Cup'],
        ['100 g', '150 g'],
        [9900, 13900],
        72,
        ['Dolce Milano'],
      ),
    ],
    Pastry: [
      leaf(
        'Croissants',
        ['Butter Croissant', 'Almond Croissant', 'Chocolate Croissant'],
        ['70 g', '90 g'],
        [4500, 6900],
        48,
        ['Bratislava Bakery', 'Kyivska Pekarnia'],
      ),
      leaf(
        'Cookies',
        ['Oat Cookies', 'Double Chocolate Cookie', 'Honey Gingerbread'],
        ['60 g', '120 g'],
        [3900, 7900],
        2160,
        ['Carpathian Honey', 'Krakowskie Smaki'],
      ),
    ],
  },
  Fruit: {
    'Fresh fruit': [
      leaf('Fruit cups', ['Mango Cup', 'Pineapple Cup', 'Melon Mix Cup'], ['150 g', '250 g'], [6900, 10900], 48, [
        'Berry Garden',
        'Sunny Orchard',
      ]),
      leaf('Whole fruit', ['Apple Golden', 'Banana', 'Pear Conference'], ['1 pc', '2 pcs'], [1500, 3900], 120, [
        'Sunny Orchard',
        'Berry Garden',
      ]),
    ],
  },
};

export const DEMO_MICROMARKETS = [
  { org: 0, name: 'Unit City, building B', address: 'Kyiv, Dorohozhytska St, 3' },
  { org: 0, name: 'Gulliver Business Centre', address: 'Kyiv, Sportyvna Sq, 1A' },
  { org: 0, name: 'Kyiv Polytechnic, library', address: 'Kyiv, Beresteiskyi Ave, 37' },
  { org: 0, name: 'Arsenal Factory, 2nd floor', address: 'Kyiv, Lavrska St, 10' },
  { org: 0, name: 'Fitness Club Sport Life', address: 'Kyiv, Mykoly Bazhana Ave, 8' },
  { org: 0, name: 'IT Park, reception', address: 'Lviv, Pasichna St, 164' },
  { org: 1, name: 'Kyiv Office Markets: Podil Hub', address: 'Kyiv, Spaska St, 6' },
  { org: 1, name: 'Kyiv Office Markets: Pechersk Tower', address: 'Kyiv, Klovskyi Descent, 7' },
  { org: 2, name: 'Krakow Business Park, B3', address: 'Kraków, ul. Konopnickiej 29' },
  { org: 2, name: 'Galeria Kazimierz offices', address: 'Kraków, ul. Podgórska 34' },
] as const;
