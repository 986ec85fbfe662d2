/** Seeded accounts, projects, sites, systems, cameras, schedules and the public demo view. */
import type { Fixture } from '../fixture.ts';
import { DEMO_CAMERAS, DEMO_LIVE_VIEW_UUID, PROJECTS, SITES, SYSTEMS, USERS } from '../seed-ids.ts';

type Users = Fixture['users'];

/** The TOTP secret of mfa@vigil.test (base32), printed in the README. */
export const MFA_DEMO_SECRET = 'VIGILDEMOTWOSTEPSIGNINSECRETKEY2';
type Projects = Fixture['projects'];
type Day = { from: string; to: string }[];

export const USERS_SEED: Users = [
  { uuid: USERS.manager, email: 'manager@vigil.test', name: 'Morgan Manager', username: 'manager', locale: 'en' },
  { uuid: USERS.viewer, email: 'viewer@vigil.test', name: 'Vic Viewer', username: 'viewer', locale: 'en' },
  {
    uuid: USERS.newcomer,
    email: 'new@vigil.test',
    name: 'Nina Newcomer',
    username: 'newcomer',
    locale: 'en',
    terms_accepted_web_portal: false,
  },
  { uuid: USERS.sofie, email: 'sofie.peeters@northwind.example', name: 'Sofie Peeters', username: 'speeters', locale: 'nl' },
  { uuid: USERS.lucas, email: 'lucas.dubois@atlas-dc.example', name: 'Lucas Dubois', username: 'ldubois', locale: 'fr' },
  { uuid: USERS.dana, email: 'dana.rivera@hudson-retail.example', name: 'Dana Rivera', username: 'drivera', locale: 'en' },
  { uuid: USERS.tom, email: 'tom.becker@northwind.example', name: 'Tom Becker', username: 'tbecker', locale: 'de' },
  // Two-step sign-in on with a fixed secret (README "Seeded accounts"), so a reviewer can add it to an app.
  {
    uuid: USERS.mfa,
    email: 'mfa@vigil.test',
    name: 'Max Twostep',
    username: 'mfa',
    locale: 'en',
    mfa_secret: MFA_DEMO_SECRET,
  },
];

const ALL = ['view', 'manage users', 'evacuate', 'edit schedules'] as const;

const cams = (...names: string[]) => names.map((name) => ({ name }));
const ufo = (uuid: string, name: string, cameras: string[], online = true) => ({
  uuid,
  name,
  type: 'UFO',
  online,
  cameras: cams(...cameras),
});
const alarm = (uuid: string, name: string, camera: string) => ({ uuid, name, type: 'ALARM', online: true, cameras: cams(camera) });

// Schedules: the secured hours of a site.
const NIGHT_CROSSING: Day = [{ from: '18:00', to: '07:00' }];
/** Nights and weekends, with week nights crossing midnight. */
const OFFICE_NIGHTS_AND_WEEKENDS: Day[] = [
  [{ from: '00:00', to: '07:00' }, ...NIGHT_CROSSING], // Monday: the early hours, then the night into Tuesday
  NIGHT_CROSSING,
  NIGHT_CROSSING,
  NIGHT_CROSSING,
  [{ from: '18:00', to: '24:00' }], // Friday evening
  [{ from: '00:00', to: '24:00' }],
  [{ from: '00:00', to: '24:00' }],
];
/** Outside the warehouse's two shifts (06:00–22:00), plus whole weekends. */
const WAREHOUSE_NIGHTS: Day[] = [
  ...Array.from({ length: 5 }, () => [
    { from: '00:00', to: '06:00' },
    { from: '22:00', to: '24:00' },
  ]),
  [{ from: '00:00', to: '24:00' }],
  [{ from: '00:00', to: '24:00' }],
];
const ALWAYS: Day[] = Array.from({ length: 7 }, () => [{ from: '00:00', to: '24:00' }]);
/** A store secured from closing to opening, every night crossing midnight. */
const STORE_CLOSED: Day[] = [
  ...Array.from({ length: 6 }, () => [{ from: '21:30', to: '09:30' }]),
  [{ from: '19:00', to: '09:30' }], // Sunday: closes early, crosses into Monday
];
/** Office hours guarded by the front desk. */
const OFFICE_HOURS: Day[] = [
  ...Array.from({ length: 5 }, () => [
    { from: '08:00', to: '12:30' },
    { from: '13:30', to: '18:00' },
  ]),
  [],
  [],
];

export const PROJECTS_SEED: Projects = [
  {
    uuid: PROJECTS.northwind,
    name: 'Northwind Logistics',
    description: 'Warehousing and distribution in Flanders and Brussels',
    control_room: { name: 'Vigil control room Antwerp', phone: '+32 3 555 01 23' },
    members: [
      { email: 'manager@vigil.test', permissions: [...ALL] },
      { email: 'viewer@vigil.test', permissions: ['view', 'evacuate'] },
      { email: 'sofie.peeters@northwind.example', permissions: ['view', 'evacuate', 'edit schedules'] },
      { email: 'tom.becker@northwind.example', permissions: ['view'] },
    ],
    sites: [
      {
        uuid: SITES.antwerpWarehouse,
        name: 'Antwerp Port Warehouse',
        address: 'Noorderlaan 120, 2030 Antwerpen, Belgium',
        country: 'BE',
        region: 'VLG',
        timezone: 'Europe/Brussels',
        schedule: { days: WAREHOUSE_NIGHTS },
        systems: [
          ufo(SYSTEMS.antwerpDocks, 'Dock cameras', ['Loading dock 1', 'Loading dock 2', 'Loading dock 3', 'Dock leveller']),
          ufo(SYSTEMS.antwerpYard, 'Yard perimeter', ['North fence', 'Container yard', 'Rail siding']),
          ufo(SYSTEMS.antwerpGatehouse, 'Gatehouse', ['Truck gate', 'Visitor entrance']),
          alarm(SYSTEMS.antwerpAlarm, 'Intrusion panel', 'Panel room'),
        ],
      },
      {
        uuid: SITES.brusselsOffice,
        name: 'Brussels Head Office',
        address: 'Rue de la Loi 42, 1040 Bruxelles, Belgium',
        country: 'BE',
        region: 'BRU',
        timezone: 'Europe/Brussels',
        schedule: { days: OFFICE_NIGHTS_AND_WEEKENDS },
        systems: [
          ufo(SYSTEMS.brusselsReception, 'Reception', ['Main entrance', 'Lobby']),
          ufo(SYSTEMS.brusselsCarPark, 'Underground car park', ['Ramp', 'Level -1', 'Level -2']),
          ufo(SYSTEMS.brusselsRoof, 'Roof terrace', ['Roof access'], false),
        ],
      },
      {
        uuid: SITES.ghentDistribution,
        name: 'Ghent Distribution Centre',
        address: 'Skaldenstraat 7, 9042 Gent, Belgium',
        country: 'BE',
        region: 'VLG',
        timezone: 'Europe/Brussels',
        systems: [
          ufo(SYSTEMS.ghentBays, 'Loading bays', ['Bay 1-4', 'Bay 5-8', 'Bay 9-12', 'Parcel sorter']),
          ufo(SYSTEMS.ghentFence, 'Perimeter fence', ['East fence', 'Canal side']),
          alarm(SYSTEMS.ghentAlarm, 'Fire and intrusion panel', 'Sprinkler room'),
        ],
      },
    ],
  },
  {
    uuid: PROJECTS.atlas,
    name: 'Atlas Data Centres',
    description: 'Colocation data centres in Liège and Newark',
    control_room: { name: 'Vigil control room Liège', phone: '+32 4 555 02 34' },
    members: [
      { email: 'manager@vigil.test', permissions: ['view', 'evacuate'] },
      { email: 'lucas.dubois@atlas-dc.example', permissions: [...ALL] },
      { email: 'mfa@vigil.test', permissions: ['view', 'evacuate'] },
    ],
    sites: [
      {
        uuid: SITES.liegeDataCentre,
        name: 'Liège Data Centre',
        address: "Rue de l'Aéroport 8, 4460 Grâce-Hollogne, Belgium",
        country: 'BE',
        region: 'WAL',
        timezone: 'Europe/Brussels',
        schedule: { days: ALWAYS },
        systems: [
          ufo(SYSTEMS.liegeHallA, 'Data hall A', ['Cold aisle 1', 'Cold aisle 2', 'Hall A door']),
          ufo(SYSTEMS.liegeHallB, 'Data hall B', ['Cold aisle 3', 'Cold aisle 4', 'Hall B door']),
          ufo(SYSTEMS.liegeAirlock, 'Entrance airlock', ['Mantrap', 'Badge reader']),
        ],
      },
      {
        uuid: SITES.newarkDataHall,
        name: 'Newark Data Hall',
        address: '165 Halsey Street, Newark, NJ 07102, USA',
        country: 'US',
        region: 'NJ',
        timezone: 'America/New_York',
        systems: [
          ufo(SYSTEMS.newarkCages, 'Customer cages', ['Cage row 1-4', 'Cage row 5-8']),
          ufo(SYSTEMS.newarkDock, 'Loading dock', ['Dock door', 'Freight elevator']),
        ],
      },
    ],
  },
  {
    uuid: PROJECTS.hudson,
    name: 'Hudson Retail Group',
    description: 'Stores, offices and a depot around New York',
    control_room: { name: 'Vigil control room New York', phone: '+1 212 555 0147' },
    members: [
      { email: 'dana.rivera@hudson-retail.example', permissions: [...ALL] },
      { email: 'viewer@vigil.test', permissions: ['view'] },
      { email: 'new@vigil.test', permissions: ['view'] },
    ],
    sites: [
      {
        uuid: SITES.brooklynStore,
        name: 'Brooklyn Flagship Store',
        address: '350 Fulton Street, Brooklyn, NY 11201, USA',
        country: 'US',
        region: 'NY',
        timezone: 'America/New_York',
        schedule: { days: STORE_CLOSED },
        systems: [
          ufo(SYSTEMS.brooklynFloor, 'Sales floor', ['Entrance', 'Checkout', 'Electronics', 'Fitting rooms']),
          ufo(SYSTEMS.brooklynStockroom, 'Stockroom', ['Stockroom', 'Back door']),
          alarm(SYSTEMS.brooklynAlarm, 'Intrusion panel', 'Office'),
        ],
      },
      {
        uuid: SITES.jerseyCityOffice,
        name: 'Jersey City Office',
        address: '30 Hudson Street, Jersey City, NJ 07302, USA',
        country: 'US',
        region: 'NJ',
        timezone: 'America/New_York',
        schedule: { days: OFFICE_HOURS },
        systems: [
          ufo(SYSTEMS.jerseyLobby, 'Lobby', ['Revolving door', 'Elevator hall']),
          ufo(SYSTEMS.jerseyGarage, 'Parking garage', ['Entry ramp', 'Level P1', 'Level P2']),
        ],
      },
      {
        uuid: SITES.queensDepot,
        name: 'Queens Loading Depot',
        address: '47-10 Austell Place, Long Island City, NY 11101, USA',
        country: 'US',
        region: 'NY',
        timezone: 'America/New_York',
        systems: [
          ufo(SYSTEMS.queensTruckCourt, 'Truck court', ['Gate 1', 'Gate 2', 'Trailer yard']),
          ufo(SYSTEMS.queensFence, 'Fence line', ['Railway side', 'Street side']),
          ufo(SYSTEMS.queensColdStorage, 'Cold storage', ['Freezer hall'], false),
        ],
      },
    ],
  },
];

export const DEMO_LIVE_VIEWS_SEED: NonNullable<Fixture['demo_live_views']> = [
  {
    uuid: DEMO_LIVE_VIEW_UUID,
    name: 'Vigil live demo',
    system_name: 'Harbour logistics park',
    timezone: 'Europe/Brussels',
    online: true,
    cameras: [
      { uuid: DEMO_CAMERAS.harbourGate, name: 'Harbour gate' },
      { uuid: DEMO_CAMERAS.containerYard, name: 'Container yard' },
      { uuid: DEMO_CAMERAS.visitorParking, name: 'Visitor parking' },
    ],
  },
];
